// The client's texts in German (formal address: Sie). Keys and placeholders as in en.ts.
import type { Catalogue } from './en.ts';

export const de: Catalogue = {
  'draft.subject': 'Bitte um Test: neue Funktionen zur Abnahme',
  'draft.subjectWithRelease': 'Bitte um Test: {release}',
  'draft.greeting': 'Sehr geehrte Damen und Herren,',
  'draft.intro': 'die folgenden Funktionen sind fertiggestellt:',
  'draft.testStepsIntro': 'Bitte testen Sie Folgendes:',
  'draft.closing': 'Mit freundlichen Grüßen',
  'draft.retest': '(erneuter Test)',
  'group.other': 'Sonstige',
  'notice.testEnvironment': 'Testumgebung: {environment}',
  'notice.release': 'Release: {release}',
  'notice.answerBy': 'Bitte antworten Sie bis zum {date, date, day}.',
  'notice.reviewLink': 'Prüfen und Ergebnisse melden',
  'notice.openAddress': 'Oder öffnen Sie diese Adresse: {link}',
  'notice.passed': 'Bestanden',
  'notice.failed': 'Fehlgeschlagen',
  'reminder.subject': 'Erinnerung: {subject}',
  'reminder.intro': 'die folgenden Funktionen warten noch auf Ihre Prüfung:',
  'review.linkInvalid': 'Dieser Prüf-Link ist nicht mehr gültig',
  'review.stories': 'Funktionen',
  'review.answered': '{answered, number} von {total, plural, one {# Funktion} other {# Funktionen}} bewertet',
  'review.yourName': 'Ihr Name',
  'review.testSteps': 'Testschritte',
  'review.noTestSteps':
    'Keine festen Testschritte: Probieren Sie die Funktion so aus, wie der Titel sie beschreibt.',
  'review.resultFor': 'Ergebnis für {key}',
  'review.passed': 'Bestanden',
  'review.failed': 'Fehlgeschlagen',
  'review.comment': 'Kommentar',
  'review.submit': 'Ergebnisse senden',
  'review.signOff': 'Abnahme erteilen',
  'review.noVerdict':
    'Bitte wählen Sie für mindestens eine Funktion „Bestanden“ oder „Fehlgeschlagen“ und senden Sie dann ab.',
  'review.noName': 'Bitte geben Sie Ihren Namen an und senden Sie dann ab.',
  'review.sending': 'Ihre Ergebnisse werden gesendet …',
  'review.thanks': 'Ergebnisse gesendet',
  'review.notSent': 'Ihre Ergebnisse wurden nicht gesendet: {reason}',
  'review.sendingSignOff': 'Ihre Abnahme wird gesendet …',
  'review.signOffNotSent': 'Ihre Abnahme wurde nicht gesendet: {reason}',
  'review.alreadySignedOff': 'Diese Testanfrage wurde bereits abgenommen.',
  'review.signOffIncomplete': 'Bitte bewerten Sie jede Funktion, bevor Sie die Abnahme erteilen.',
  'review.loadFailed': 'Die Funktionen konnten nicht geladen werden',
  'review.tryAgain': 'Erneut versuchen',
  'review.unreachable':
    'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'review.tooManyRequests':
    'Von hier kamen gerade zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  'review.serverStatus': 'Der Server antwortete mit dem Status {status, number}.',
  'review.pageTitle': 'Prüfung: {project} · {company}',
  'review.heading':
    '{count, plural, one {Bitte testen Sie 1 Funktion von {project}} other {Bitte testen Sie # Funktionen von {project}}}',
  'review.headingWithRelease':
    '{count, plural, one {Bitte testen Sie 1 Funktion von {project} {release}} other {Bitte testen Sie # Funktionen von {project} {release}}}',
  'review.headingSent': 'Ihre Antworten wurden gesendet',
  'review.sentBy': 'Gesendet von {sender}',
  'review.intro':
    'Probieren Sie jede Funktion aus und teilen Sie dem Team mit, ob sie wie erwartet funktioniert. Bis zum {date, date, dayAndTime} können Sie Ihre Antworten noch ändern.',
  'review.introSent':
    'Sie können sie noch bis zum {date, date, dayAndTime} ändern. Sobald Sie eine Antwort ändern, erscheint die Schaltfläche Ergebnisse aktualisieren.',
  'review.addComment': 'Kommentar hinzufügen',
  'review.signedOffBy': 'Abgenommen von {name} am {date, date, dayAndTime}.',
  'review.answersFinal':
    'Vielen Dank für Ihre Tests: Das Team hat Ihre Abnahme erhalten, und diese Antworten sind endgültig.',
  'review.followUpFailed':
    '{count, plural, one {Das Team kümmert sich um die fehlgeschlagene Funktion.} other {Das Team kümmert sich um die # fehlgeschlagenen Funktionen.}}',
  'review.followUpNone': 'Für Sie ist nichts weiter zu tun.',
  'review.linkInvalidTitle': 'Prüf-Link nicht mehr gültig',
  'review.linkExpired': 'Die Frist für diese Prüfung ist abgelaufen.',
  'review.linkRevoked': 'Das Team hat diesen Prüf-Link zurückgezogen.',
  'review.linkExpiredOn':
    'Die Frist für die Prüfung von {project} ist am {date, date, dayAndTime} abgelaufen.',
  'review.linkRevokedOn':
    'Das Team hat den Prüf-Link für {project} am {date, date, dayAndTime} zurückgezogen.',
  'review.linkUnknown':
    'Unter dieser Adresse gibt es keine Prüfung. Bitte prüfen Sie, ob der Link vollständig kopiert wurde.',
  'review.askSender':
    'Wenn Sie diese Funktionen noch testen möchten, bitten Sie {sender} um einen neuen Link.',
  'review.writeToSender': 'Neuen Link anfordern',
  'review.newLinkSubject': 'Bitte um einen neuen Prüf-Link',
  'review.when': '{date, date, dayAndTime}',
  'review.writeToNamed': 'E-Mail an {sender}',
  'review.askTeam': 'Bitten Sie das Team, das Ihnen den Link gesendet hat, um einen neuen.',
  'review.linkNotValid': 'Dieser Prüf-Link ist ungültig',
  'review.linkNotValidTitle': 'Prüf-Link ungültig',
  'review.update': 'Ergebnisse aktualisieren',
  'review.signOffHint':
    'Fertig mit dem Testen? Erteilen Sie die Abnahme, um diese Antworten endgültig zu machen und das Team zu informieren.',
  'review.headingSignedOff': 'Test abgenommen',
  'review.summaryPassed': '{count, plural, one {# bestanden} other {# bestanden}}',
  'review.summaryFailed': '{count, plural, one {# fehlgeschlagen} other {# fehlgeschlagen}}',
  'review.nameHint': 'Damit das Team weiß, wer getestet hat.',
  'review.submitNeedsAnswer': 'Bewerten Sie mindestens eine Funktion, um abzusenden.',
  'review.leftToAnswer':
    '{count, plural, one {# Funktion ist noch nicht bewertet.} other {# Funktionen sind noch nicht bewertet.}}',
  'review.answeringAs': 'Sie antworten als {name}',
  'review.changeName': 'Name ändern',
  'review.showPassed':
    '{count, plural, one {Die bestandene Funktion anzeigen} other {Die # bestandenen Funktionen anzeigen}}',
  'review.hidePassed':
    '{count, plural, one {Die bestandene Funktion ausblenden} other {Die # bestandenen Funktionen ausblenden}}',
};
