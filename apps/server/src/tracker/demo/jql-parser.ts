// A small JQL parser for the demo tracker: conjunctions of `field = value`, `field != value`,
// `field in (…)`, `field not in (…)`, then an optional `ORDER BY field [ASC|DESC], …`. It also lets
// tests check that the JQL the client builds means exactly what was intended.

export interface JqlClause {
  field: string;
  negated: boolean;
  values: string[];
}

interface JqlOrder {
  field: string;
  direction: 'ASC' | 'DESC';
}

interface JqlQuery {
  clauses: JqlClause[];
  orderBy: JqlOrder[];
}

/** A query Jira would refuse with 400; the message is worded as Jira words it. */
export class JqlError extends Error {
  override name = 'JqlError';
}

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'punct'; text: '(' | ')' | ',' | '=' | '!='; at: number };

// A subset of Jira's reserved words (JqlStringSupportImpl); unquoted, they are refused as values.
// biome-ignore format: a word list
const RESERVED = new Set([
  'abort', 'access', 'add', 'after', 'alias', 'all', 'alter', 'and', 'any', 'as', 'asc', 'before', 'begin',
  'by', 'cascade', 'char', 'check', 'create', 'default', 'delete', 'desc', 'do', 'else', 'empty', 'end',
  'exists', 'first', 'from', 'group', 'having', 'if', 'in', 'insert', 'int', 'into', 'is', 'join', 'like',
  'not', 'null', 'of', 'on', 'or', 'order', 'select', 'set', 'table', 'then', 'to', 'union', 'update',
  'where', 'with',
]);

const ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  n: '\n',
  r: '\r',
  t: '\t',
  ' ': ' ',
};

function tokenize(jql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < jql.length) {
    const ch = jql[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',' || ch === '=') {
      tokens.push({ kind: 'punct', text: ch, at: i });
      i++;
    } else if (ch === '!' && jql[i + 1] === '=') {
      tokens.push({ kind: 'punct', text: '!=', at: i });
      i += 2;
    } else if (ch === '"' || ch === "'") {
      const start = i;
      let text = '';
      i++;
      for (;;) {
        if (i >= jql.length) {
          throw new JqlError(
            `Error in the JQL Query: The quoted string starting at character ${start + 1} is not terminated.`,
          );
        }
        const c = jql[i] as string;
        if (c === ch) {
          i++;
          break;
        }
        if (c === '\\') {
          const next = jql[i + 1] ?? '';
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(jql.slice(i + 2, i + 6))) {
            text += String.fromCharCode(Number.parseInt(jql.slice(i + 2, i + 6), 16));
            i += 6;
            continue;
          }
          const escaped = ESCAPES[next];
          if (escaped === undefined) {
            throw new JqlError(
              `Error in the JQL Query: '\\${next}' is an illegal JQL escape sequence. The valid escape sequences are \\', \\", \\t, \\n, \\r, \\\\, '\\ ' and \\uXXXX. (line 1, character ${i + 1})`,
            );
          }
          text += escaped;
          i += 2;
          continue;
        }
        text += c;
        i++;
      }
      tokens.push({ kind: 'string', text, at: start });
    } else {
      const start = i;
      while (i < jql.length && !/[\s(),=!"'+;?|*%^$#@[\]{}<>~&]/.test(jql[i] as string)) i++;
      if (i === start) {
        throw new JqlError(
          `Error in the JQL Query: The character '${ch}' is a reserved JQL character. You must enclose it in a string or use the escape '\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}' instead. (line 1, character ${i + 1})`,
        );
      }
      tokens.push({ kind: 'word', text: jql.slice(start, i), at: start });
    }
  }
  return tokens;
}

/** Parses the JQL subset; throws JqlError (as Jira's 400) for anything else. */
export function parseJql(jql: string): JqlQuery {
  const tokens = tokenize(jql);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === 'word' && token.text.toLowerCase() === word;
  const describe = (token: Token | undefined) => (token ? `'${token.text}'` : 'the end of the query');
  const fail = (expected: string, token: Token | undefined): never => {
    throw new JqlError(
      `Error in the JQL Query: Expecting ${expected} but got ${describe(token)}.${token ? ` (line 1, character ${token.at + 1})` : ''}`,
    );
  };

  const value = (): string => {
    const token = peek();
    if (token?.kind === 'string') {
      pos++;
      return token.text;
    }
    if (token?.kind === 'word') {
      if (RESERVED.has(token.text.toLowerCase())) {
        throw new JqlError(
          `Error in the JQL Query: '${token.text}' is a reserved JQL word. You must surround it in quotation marks to use it in a query. (line 1, character ${token.at + 1})`,
        );
      }
      pos++;
      return token.text;
    }
    return fail('either a value, list or function', token);
  };

  const fieldName = (): string => {
    const token = peek();
    if (token?.kind === 'string' || (token?.kind === 'word' && !RESERVED.has(token.text.toLowerCase()))) {
      pos++;
      return token.text;
    }
    return fail('a field name', token);
  };

  const clauses: JqlClause[] = [];
  const orderBy: JqlOrder[] = [];
  const atOrderBy = () => isWord(peek(), 'order') && isWord(tokens[pos + 1], 'by');

  if (pos < tokens.length && !atOrderBy()) {
    for (;;) {
      const field = fieldName();
      const op = peek();
      if (op?.kind === 'punct' && (op.text === '=' || op.text === '!=')) {
        pos++;
        clauses.push({ field, negated: op.text === '!=', values: [value()] });
      } else {
        let negated = false;
        if (isWord(op, 'not')) {
          negated = true;
          pos++;
        }
        if (!isWord(peek(), 'in')) fail("operator '=', '!=', 'in' or 'not in'", peek());
        pos++;
        const open = peek();
        if (open?.kind !== 'punct' || open.text !== '(') fail("'('", open);
        pos++;
        const values = [value()];
        for (;;) {
          const next = peek();
          if (next?.kind === 'punct' && next.text === ',') {
            pos++;
            values.push(value());
          } else if (next?.kind === 'punct' && next.text === ')') {
            pos++;
            break;
          } else {
            fail("',' or ')'", next);
          }
        }
        clauses.push({ field, negated, values });
      }
      if (pos >= tokens.length || atOrderBy()) break;
      if (isWord(peek(), 'or')) {
        throw new JqlError('Error in the JQL Query: The demo tracker only understands AND, not OR.');
      }
      if (!isWord(peek(), 'and')) fail("'AND', 'ORDER BY' or the end of the query", peek());
      pos++;
    }
  }

  if (atOrderBy()) {
    pos += 2;
    for (;;) {
      const field = fieldName();
      let direction: 'ASC' | 'DESC' = 'ASC';
      if (isWord(peek(), 'asc') || isWord(peek(), 'desc')) {
        direction = (peek() as Token).text.toUpperCase() as 'ASC' | 'DESC';
        pos++;
      }
      orderBy.push({ field, direction });
      const next = peek();
      if (next?.kind === 'punct' && next.text === ',') {
        pos++;
        continue;
      }
      break;
    }
    if (orderBy.length > 7) {
      throw new JqlError('Error in the JQL Query: The ORDER BY clause can contain at most 7 fields.');
    }
  }
  if (pos < tokens.length) fail('the end of the query', peek());
  return { clauses, orderBy };
}
