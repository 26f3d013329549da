// The client's texts in Dutch (formal address: u). Keys and placeholders as in en.ts.
import type { Catalogue } from './en.ts';

export const nl: Catalogue = {
  'draft.subject': 'Testverzoek: functionaliteiten ter beoordeling',
  'draft.subjectWithRelease': 'Testverzoek: {release}',
  'draft.greeting': 'Geachte klant,',
  'draft.intro': 'De volgende functionaliteiten zijn gereed:',
  'draft.testStepsIntro': 'Wij verzoeken u het volgende te testen:',
  'draft.closing': 'Met vriendelijke groet,',
  'draft.retest': '(hertest)',
  'group.other': 'Overige',
  'notice.testEnvironment': 'Testomgeving: {environment}',
  'notice.release': 'Release: {release}',
  'notice.answerBy': 'Graag ontvangen wij uw reactie uiterlijk {date, date, day}.',
  'notice.reviewLink': 'Beoordelen en resultaten doorgeven',
  'notice.openAddress': 'Of open dit adres: {link}',
  'notice.passed': 'Geslaagd',
  'notice.failed': 'Mislukt',
  'reminder.subject': 'Herinnering: {subject}',
  'reminder.intro': 'De volgende functionaliteiten wachten nog op uw beoordeling:',
  'review.linkInvalid': 'Deze beoordelingslink is niet meer geldig',
  'review.stories': 'Functionaliteiten',
  'review.answered':
    '{answered, number} van {total, plural, one {# functionaliteit beoordeeld} other {# functionaliteiten beoordeeld}}',
  'review.yourName': 'Uw naam',
  'review.testSteps': 'Teststappen',
  'review.noTestSteps': 'Geen vaste stappen: probeer de functionaliteit uit zoals de titel die beschrijft.',
  'review.resultFor': 'Resultaat voor {key}',
  'review.passed': 'Geslaagd',
  'review.failed': 'Mislukt',
  'review.comment': 'Opmerking',
  'review.submit': 'Resultaten versturen',
  'review.signOff': 'Akkoord geven',
  'review.noVerdict':
    'Kies bij ten minste één functionaliteit ‘Geslaagd’ of ‘Mislukt’ en verstuur daarna uw resultaten.',
  'review.noName': 'Vul uw naam in en verstuur daarna uw resultaten.',
  'review.sending': 'Uw resultaten worden verstuurd...',
  'review.thanks': 'Resultaten verstuurd',
  'review.notSent': 'Uw resultaten zijn niet verstuurd: {reason}',
  'review.sendingSignOff': 'Uw akkoord wordt verstuurd...',
  'review.signOffNotSent': 'Uw akkoord is niet verstuurd: {reason}',
  'review.alreadySignedOff': 'Voor dit verzoek is al akkoord gegeven.',
  'review.signOffIncomplete': 'Beoordeel eerst elke functionaliteit voordat u akkoord geeft.',
  'review.loadFailed': 'De functionaliteiten konden niet worden geladen',
  'review.tryAgain': 'Opnieuw proberen',
  'review.unreachable': 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.',
  'review.tooManyRequests':
    'Er zijn zojuist te veel verzoeken vanaf hier gedaan. Wacht enkele minuten en probeer het dan opnieuw.',
  'review.serverStatus': 'De server antwoordde met status {status, number}.',
  'review.pageTitle': 'Beoordeling: {project} · {company}',
  'review.heading':
    '{count, plural, one {Wilt u 1 functionaliteit van {project} testen?} other {Wilt u # functionaliteiten van {project} testen?}}',
  'review.headingWithRelease':
    '{count, plural, one {Wilt u 1 functionaliteit van {project} {release} testen?} other {Wilt u # functionaliteiten van {project} {release} testen?}}',
  'review.headingSent': 'Uw antwoorden zijn verstuurd',
  'review.sentBy': 'Verstuurd door {sender}',
  'review.intro':
    'Probeer elke functionaliteit uit en laat het team weten of deze werkt. U kunt uw antwoorden tot {date, date, dayAndTime} wijzigen.',
  'review.introSent':
    'U kunt ze nog wijzigen tot {date, date, dayAndTime}. Wijzig een antwoord en er verschijnt een knop Resultaten bijwerken.',
  'review.addComment': 'Opmerking toevoegen',
  'review.signedOffBy': 'Akkoord gegeven door {name} op {date, date, dayAndTime}.',
  'review.answersFinal':
    'Hartelijk dank voor het testen: het team heeft uw akkoord ontvangen en deze antwoorden zijn definitief.',
  'review.followUpFailed':
    '{count, plural, one {Het team gaat aan de slag met de mislukte functionaliteit.} other {Het team gaat aan de slag met de # mislukte functionaliteiten.}}',
  'review.followUpNone': 'U hoeft verder niets te doen.',
  'review.linkInvalidTitle': 'Beoordelingslink niet meer geldig',
  'review.linkExpired': 'De termijn om op deze beoordeling te reageren is verstreken.',
  'review.linkRevoked': 'Het team heeft deze beoordelingslink ingetrokken.',
  'review.linkExpiredOn':
    'De termijn om op de beoordeling van {project} te reageren is verstreken op {date, date, dayAndTime}.',
  'review.linkRevokedOn':
    'Het team heeft de beoordelingslink voor {project} ingetrokken op {date, date, dayAndTime}.',
  'review.linkUnknown': 'Op dit adres staat geen beoordeling. Controleer of de volledige link is gekopieerd.',
  'review.askSender': 'Wilt u deze functionaliteiten toch nog testen? Vraag {sender} dan om een nieuwe link.',
  'review.writeToSender': 'Nieuwe link aanvragen',
  'review.newLinkSubject': 'Verzoek om een nieuwe beoordelingslink',
  'review.when': '{date, date, dayAndTime}',
  'review.writeToNamed': 'E-mail {sender}',
  'review.askTeam': 'Vraag het team dat u de link stuurde om een nieuwe.',
  'review.linkNotValid': 'Deze beoordelingslink is niet geldig',
  'review.linkNotValidTitle': 'Beoordelingslink niet geldig',
  'review.update': 'Resultaten bijwerken',
  'review.signOffHint':
    'Klaar met testen? Geef akkoord om deze antwoorden definitief te maken en het team te laten weten.',
  'review.headingSignedOff': 'Akkoord gegeven op de tests',
  'review.summaryPassed': '{count, plural, one {# geslaagd} other {# geslaagd}}',
  'review.summaryFailed': '{count, plural, one {# mislukt} other {# mislukt}}',
  'review.nameHint': 'Zodat het team weet wie heeft getest.',
  'review.submitNeedsAnswer': 'Beoordeel ten minste één functionaliteit om te versturen.',
  'review.leftToAnswer':
    '{count, plural, one {# functionaliteit moet nog worden beoordeeld.} other {# functionaliteiten moeten nog worden beoordeeld.}}',
  'review.answeringAs': 'U antwoordt als {name}',
  'review.changeName': 'Naam wijzigen',
  'review.showPassed':
    '{count, plural, one {De geslaagde functionaliteit tonen} other {De # geslaagde functionaliteiten tonen}}',
  'review.hidePassed':
    '{count, plural, one {De geslaagde functionaliteit verbergen} other {De # geslaagde functionaliteiten verbergen}}',
};
