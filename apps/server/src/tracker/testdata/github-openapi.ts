// A validator of requests to, and answers of, GitHub's REST API against github-openapi-subset.json: the
// operations the GitHub adapter calls, cut by scripts/trim-github-openapi.mjs from GitHub's OpenAPI
// description as published in @octokit/openapi 23.0.2 (https://github.com/github/rest-api-description;
// its x-source names the checksum). GitHub declares its error answers (basic-error), so they are checked too.
import { openApiValidator } from './openapi-validator.ts';

const github = openApiValidator('github-openapi-subset.json', 'https://github.invalid/openapi.json', {
  checkErrorAnswers: true,
});

/** What is wrong with a request (a path under the API's base, e.g. /user/repos) by the description. */
export const gitHubRequestProblems = github.requestProblems;

/** What is wrong with an answer, by the description (statuses it does not list, bodies off their schema). */
export const gitHubAnswerProblems = github.answerProblems;
