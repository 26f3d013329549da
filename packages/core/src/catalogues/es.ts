// The client's texts in Spanish (formal address: usted). Keys and placeholders as in en.ts.
import type { Catalogue } from './en.ts';

export const es: Catalogue = {
  'draft.subject': 'Solicitud de pruebas: funcionalidades para revisar',
  'draft.subjectWithRelease': 'Solicitud de pruebas: {release}',
  'draft.greeting': 'Estimado cliente:',
  'draft.intro': 'Las siguientes funcionalidades están terminadas:',
  'draft.testStepsIntro': 'Le rogamos que pruebe lo siguiente:',
  'draft.closing': 'Atentamente,',
  'draft.retest': '(nueva prueba)',
  'group.other': 'Otros',
  'notice.testEnvironment': 'Entorno de pruebas: {environment}',
  'notice.release': 'Versión: {release}',
  'notice.answerBy': 'Le rogamos que nos responda antes del {date, date, day}.',
  'notice.reviewLink': 'Revisar y comunicar los resultados',
  'notice.openAddress': 'O abra esta dirección: {link}',
  'notice.passed': 'Aprobado',
  'notice.failed': 'Fallido',
  'reminder.subject': 'Recordatorio: {subject}',
  'reminder.intro': 'Las siguientes funcionalidades siguen pendientes de su revisión:',
  'review.linkInvalid': 'Este enlace de revisión ya no es válido',
  'review.stories': 'Funcionalidades',
  'review.answered':
    '{answered, number} de {total, plural, one {# funcionalidad revisada} other {# funcionalidades revisadas}}',
  'review.yourName': 'Su nombre',
  'review.testSteps': 'Pasos de prueba',
  'review.noTestSteps': 'Sin pasos definidos: pruebe la funcionalidad tal como la describe el título.',
  'review.resultFor': 'Resultado de {key}',
  'review.passed': 'Aprobado',
  'review.failed': 'Fallido',
  'review.comment': 'Comentario',
  'review.submit': 'Enviar resultados',
  'review.signOff': 'Dar la conformidad',
  'review.noVerdict': 'Elija «Aprobado» o «Fallido» en al menos una funcionalidad y luego envíe.',
  'review.noName': 'Indique su nombre y luego envíe.',
  'review.sending': 'Enviando sus resultados...',
  'review.thanks': 'Gracias. Sus resultados se han enviado al equipo.',
  'review.notSent': 'Sus resultados no se han enviado: {reason}',
  'review.sendingSignOff': 'Enviando su conformidad...',
  'review.signOffNotSent': 'Su conformidad no se ha enviado: {reason}',
  'review.alreadySignedOff': 'Ya se ha dado la conformidad a esta solicitud.',
  'review.signOffIncomplete': 'Revise todas las funcionalidades antes de dar la conformidad.',
  'review.loadFailed': 'No se pudieron cargar las funcionalidades',
  'review.tryAgain': 'Volver a intentarlo',
  'review.unreachable': 'No se pudo conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.',
  'review.tooManyRequests':
    'Se han recibido demasiadas solicitudes desde aquí. Espere unos minutos y vuelva a intentarlo.',
  'review.serverStatus': 'El servidor respondió con el estado {status, number}.',
  'review.pageTitle': 'Revisión: {project} · {company}',
  'review.heading':
    '{count, plural, one {Le rogamos que pruebe 1 funcionalidad de {project}} other {Le rogamos que pruebe # funcionalidades de {project}}}',
  'review.headingWithRelease':
    '{count, plural, one {Le rogamos que pruebe 1 funcionalidad de {project} {release}} other {Le rogamos que pruebe # funcionalidades de {project} {release}}}',
  'review.headingSent': 'Sus respuestas se han enviado: aún puede cambiarlas',
  'review.sentBy': 'Enviado por {sender}',
  'review.intro':
    'Pruebe cada funcionalidad e indique al equipo si funciona correctamente. Puede cambiar sus respuestas hasta el {date, date, dayAndTime}.',
  'review.introSent':
    'El equipo ya tiene sus respuestas sobre {project}. Puede cambiarlas hasta el {date, date, dayAndTime}.',
  'review.addComment': 'Añadir un comentario',
  'review.signedOffBy': 'Conformidad dada por {name} el {date, date, dayAndTime}.',
  'review.answersFinal':
    'Gracias por sus pruebas: el equipo ha recibido su conformidad y estas respuestas son definitivas.',
  'review.followUpFailed':
    '{count, plural, one {El equipo se ocupará de la funcionalidad fallida.} other {El equipo se ocupará de las # funcionalidades fallidas.}}',
  'review.followUpNone': 'No tiene que hacer nada más.',
  'review.linkInvalidTitle': 'Enlace de revisión no válido',
  'review.linkExpired': 'El plazo para responder a esta revisión ha vencido.',
  'review.linkRevoked': 'El equipo ha retirado este enlace de revisión.',
  'review.linkUnknown':
    'No hay ninguna revisión en esta dirección. Compruebe que ha copiado el enlace completo.',
  'review.askSender': 'Si aún desea probar estas funcionalidades, solicite un nuevo enlace a {sender}.',
  'review.writeToSender': 'Solicitar un nuevo enlace',
  'review.newLinkSubject': 'Solicitud de un nuevo enlace de revisión',
  'review.askTeam': 'Solicite uno nuevo al equipo que le envió el enlace.',
  'review.linkNotValid': 'Este enlace de revisión no es válido',
  'review.linkNotValidTitle': 'Enlace de revisión no válido',
  'review.update': 'Actualizar resultados',
  'review.signOffHint':
    '¿Ha terminado las pruebas? Dé su conformidad para que sus respuestas sean definitivas.',
  'review.signOffHintFailed':
    '{count, plural, one {¿Ha terminado? Puede dar su conformidad aunque una funcionalidad haya fallado.} other {¿Ha terminado? Puede dar su conformidad aunque # funcionalidades hayan fallado.}}',
  'review.headingSignedOff': 'Conformidad dada a las pruebas',
  'review.summaryPassed': '{count, plural, one {# superada} other {# superadas}}',
  'review.summaryFailed': '{count, plural, one {# fallida} other {# fallidas}}',
  'review.nameHint': 'Para que el equipo sepa quién ha hecho las pruebas.',
  'review.submitNeedsAnswer': 'Revise al menos una funcionalidad para poder enviar.',
  'review.leftToAnswer':
    '{count, plural, one {Queda # funcionalidad por revisar.} other {Quedan # funcionalidades por revisar.}}',
  'review.answeringAs': 'Responde como {name}',
  'review.changeName': 'Cambiar el nombre',
  'review.showPassed':
    '{count, plural, one {Mostrar la funcionalidad superada} other {Mostrar las # funcionalidades superadas}}',
  'review.hidePassed':
    '{count, plural, one {Ocultar la funcionalidad superada} other {Ocultar las # funcionalidades superadas}}',
};
