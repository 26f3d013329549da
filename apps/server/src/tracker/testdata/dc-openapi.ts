// A validator of requests to, and answers of, Jira Data Center against jira-dc-openapi-subset.json: the
// operations Handoff uses, cut from Atlassian's public Jira Software Data Center 10.3 OpenAPI document
// (https://dac-static.atlassian.com/server/jira/platform/jira_software_dc_10003_swagger.v3.json, info.version
// 10.3.24; its x-source names the checksum and lists the patches for the document's known defects).
import { openApiValidator } from './openapi-validator.ts';

// Error answers are declared without bodies; 429 nowhere (rate limiting is an administrator's option).
const dc = openApiValidator('jira-dc-openapi-subset.json', 'https://jira-dc.invalid/openapi.json', {
  checkErrorAnswers: false,
});

/** What is wrong with a request (a path under /rest, e.g. /api/2/search) by the document; [] when nothing is. */
export const dcRequestProblems = dc.requestProblems;

/** What is wrong with an answer, by the document (statuses it does not list, bodies off their schema). */
export const dcAnswerProblems = dc.answerProblems;
