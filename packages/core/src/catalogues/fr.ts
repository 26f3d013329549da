// The client's texts in French (formal address: vous). Keys and placeholders as in en.ts.
import type { Catalogue } from './en.ts';

export const fr: Catalogue = {
  'draft.subject': 'Demande de test : fonctionnalités à valider',
  'draft.subjectWithRelease': 'Demande de test : {release}',
  'draft.greeting': 'Madame, Monsieur,',
  'draft.intro': 'Les fonctionnalités suivantes sont terminées :',
  'draft.testStepsIntro': 'Nous vous remercions de bien vouloir tester les points suivants :',
  'draft.closing': 'Cordialement,',
  'draft.retest': '(nouveau test)',
  'group.other': 'Autres',
  'notice.testEnvironment': 'Environnement de test : {environment}',
  'notice.release': 'Version : {release}',
  'notice.answerBy': 'Merci de nous répondre d’ici le {date, date, day}.',
  'notice.reviewLink': 'Vérifier et transmettre les résultats',
  'notice.openAddress': 'Ou ouvrez cette adresse : {link}',
  'notice.passed': 'Réussi',
  'notice.failed': 'Échoué',
  'reminder.subject': 'Rappel : {subject}',
  'reminder.intro': 'Les fonctionnalités suivantes attendent encore votre vérification :',
  'review.linkInvalid': 'Ce lien de vérification n’est plus valide',
  'review.stories': 'Fonctionnalités',
  'review.answered':
    '{answered, plural, one {# fonctionnalité évaluée} other {# fonctionnalités évaluées}} sur {total, number}',
  'review.yourName': 'Votre nom',
  'review.testSteps': 'Étapes de test',
  'review.noTestSteps': 'Pas d’étapes précises : essayez la fonctionnalité comme son titre la décrit.',
  'review.resultFor': 'Résultat pour {key}',
  'review.passed': 'Réussi',
  'review.failed': 'Échoué',
  'review.comment': 'Commentaire',
  'review.submit': 'Envoyer les résultats',
  'review.signOff': 'Valider la recette',
  'review.noVerdict': 'Choisissez « Réussi » ou « Échoué » pour au moins une fonctionnalité, puis envoyez.',
  'review.noName': 'Indiquez votre nom, puis envoyez.',
  'review.sending': 'Envoi de vos résultats…',
  'review.thanks': 'Résultats envoyés',
  'review.notSent': 'Vos résultats n’ont pas été envoyés : {reason}',
  'review.sendingSignOff': 'Envoi de votre validation…',
  'review.signOffNotSent': 'Votre validation n’a pas été envoyée : {reason}',
  'review.alreadySignedOff': 'Cette recette est déjà validée.',
  'review.signOffIncomplete': 'Évaluez chaque fonctionnalité avant de valider la recette.',
  'review.loadFailed': 'Les fonctionnalités n’ont pas pu être chargées',
  'review.tryAgain': 'Réessayer',
  'review.unreachable': 'Le serveur est injoignable. Vérifiez votre connexion, puis réessayez.',
  'review.tooManyRequests':
    'Trop de demandes envoyées depuis cette connexion. Patientez quelques minutes, puis réessayez.',
  'review.serverStatus': 'Le serveur a répondu avec le statut {status, number}.',
  'review.pageTitle': 'Vérification : {project} · {company}',
  'review.heading':
    '{count, plural, one {Merci de tester 1 fonctionnalité de {project}} other {Merci de tester # fonctionnalités de {project}}}',
  'review.headingWithRelease':
    '{count, plural, one {Merci de tester 1 fonctionnalité de {project} {release}} other {Merci de tester # fonctionnalités de {project} {release}}}',
  'review.headingSent': 'Vos réponses ont été envoyées',
  'review.sentBy': 'Envoyé par {sender}',
  'review.intro':
    'Essayez chaque fonctionnalité, puis indiquez à l’équipe si elle fonctionne. Vous pouvez modifier vos réponses jusqu’au {date, date, dayAndTime}.',
  'review.introSent':
    'Vous pouvez encore les modifier jusqu’au {date, date, dayAndTime}. Modifiez une réponse et un bouton Mettre à jour les résultats apparaît.',
  'review.addComment': 'Ajouter un commentaire',
  'review.signedOffBy': 'Recette validée par {name} le {date, date, dayAndTime}.',
  'review.answersFinal':
    'Merci pour vos tests : l’équipe a reçu votre validation et ces réponses sont définitives.',
  'review.followUpFailed':
    '{count, plural, one {L’équipe reviendra vers vous au sujet de la fonctionnalité qui a échoué.} other {L’équipe reviendra vers vous au sujet des # fonctionnalités qui ont échoué.}}',
  'review.followUpNone': 'Vous n’avez plus rien à faire.',
  'review.linkInvalidTitle': 'Lien de vérification plus valide',
  'review.linkExpired': 'Le délai de réponse à cette vérification est dépassé.',
  'review.linkRevoked': 'L’équipe a retiré ce lien de vérification.',
  'review.linkExpiredOn':
    'Le délai de réponse à la vérification de {project} a pris fin le {date, date, dayAndTime}.',
  'review.linkRevokedOn':
    'L’équipe a retiré le lien de vérification de {project} le {date, date, dayAndTime}.',
  'review.linkUnknown':
    'Aucune vérification ne correspond à cette adresse. Vérifiez que le lien a été copié en entier.',
  'review.askSender':
    'Si vous souhaitez encore tester ces fonctionnalités, demandez un nouveau lien à {sender}.',
  'review.writeToSender': 'Demander un nouveau lien',
  'review.newLinkSubject': 'Demande d’un nouveau lien de vérification',
  'review.when': '{date, date, dayAndTime}',
  'review.writeToNamed': 'Écrire à {sender}',
  'review.askTeam': 'Demandez-en un nouveau à l’équipe qui vous a envoyé le lien.',
  'review.linkNotValid': 'Ce lien de vérification n’est pas valide',
  'review.linkNotValidTitle': 'Lien de vérification non valide',
  'review.update': 'Mettre à jour les résultats',
  'review.signOffHint':
    'Vous avez fini de tester ? Validez la recette pour rendre ces réponses définitives et prévenir l’équipe.',
  'review.headingSignedOff': 'Recette validée',
  'review.summaryPassed': '{count, plural, one {# réussie} other {# réussies}}',
  'review.summaryFailed': '{count, plural, one {# échouée} other {# échouées}}',
  'review.nameHint': 'Pour que l’équipe sache qui a testé.',
  'review.submitNeedsAnswer': 'Évaluez au moins une fonctionnalité pour envoyer.',
  'review.leftToAnswer':
    '{count, plural, one {# fonctionnalité reste à évaluer.} other {# fonctionnalités restent à évaluer.}}',
  'review.answeringAs': 'Vous répondez en tant que {name}',
  'review.changeName': 'Changer de nom',
  'review.showPassed':
    '{count, plural, one {Afficher la fonctionnalité réussie} other {Afficher les # fonctionnalités réussies}}',
  'review.hidePassed':
    '{count, plural, one {Masquer la fonctionnalité réussie} other {Masquer les # fonctionnalités réussies}}',
};
