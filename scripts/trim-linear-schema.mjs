// Cuts apps/server/src/tracker/testdata/linear-schema-subset.graphql out of Linear's published GraphQL schema
// (schema.graphql of https://github.com/linear/linear, packages/sdk/src/schema.graphql): every field, argument
// and input field the Linear adapter's documents (apps/server/src/tracker/linear/linear-documents.ts) use,
// with the types they return, the enums and scalars they reach, and every required argument or input field.
// Each document is validated against the whole schema first: a document Linear would refuse stops the cut.
// Run by hand when the adapter sends another document; no test or CI step runs it.
//   node --import tsx scripts/trim-linear-schema.mjs path/to/schema.graphql
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  isSpecifiedScalarType,
  parse,
  printSchema,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { allDocuments } from '../apps/server/src/tracker/linear/linear-documents.ts';

const source = process.argv[2];
if (!source) throw new Error('usage: node --import tsx scripts/trim-linear-schema.mjs schema.graphql');
const sdl = readFileSync(source, 'utf8');
const full = buildSchema(sdl);

/** type name → the names of its fields (or input fields) the documents use; field key → argument names. */
const usedFields = new Map();
const usedArgs = new Map();
const use = (map, key, name) => map.set(key, (map.get(key) ?? new Set()).add(name));

for (const [name, text] of Object.entries(allDocuments())) {
  const document = parse(text);
  const errors = validate(full, document);
  if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  const typeInfo = new TypeInfo(full);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && node.name.value !== '__typename') use(usedFields, parent.name, node.name.value);
      },
      Argument(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (parent && field) use(usedArgs, `${parent.name}.${field.name}`, node.name.value);
      },
      ObjectField(node) {
        const parent = getNamedType(typeInfo.getParentInputType());
        if (parent) use(usedFields, parent.name, node.name.value);
      },
      VariableDefinition(node) {
        const named = full.getType(namedTypeOf(node.type));
        if (isInputObjectType(named)) throw new Error(`${name}: pass input objects inline, not as variables`);
      },
    }),
  );
}

function namedTypeOf(typeNode) {
  return typeNode.kind === 'NamedType' ? typeNode.name.value : namedTypeOf(typeNode.type);
}

const made = new Map();

function wrap(type) {
  if (isNonNullType(type)) return new GraphQLNonNull(wrap(type.ofType));
  if (isListType(type)) return new GraphQLList(wrap(type.ofType));
  return cut(type);
}

/** The named type of the subset: objects and inputs keep only what is used (and what is required). */
function cut(type) {
  if (isSpecifiedScalarType(type)) return type;
  const existing = made.get(type.name);
  if (existing) return existing;
  let result;
  if (isObjectType(type)) {
    const names = usedFields.get(type.name) ?? new Set();
    result = new GraphQLObjectType({
      name: type.name,
      description: type.description,
      fields: () =>
        Object.fromEntries(
          Object.values(type.getFields())
            .filter((field) => names.has(field.name))
            .map((field) => {
              const argNames = usedArgs.get(`${type.name}.${field.name}`) ?? new Set();
              const args = field.args.filter((arg) => argNames.has(arg.name) || isRequiredArgument(arg));
              return [
                field.name,
                {
                  description: field.description,
                  type: wrap(field.type),
                  args: Object.fromEntries(
                    args.map((arg) => [
                      arg.name,
                      { description: arg.description, type: wrap(arg.type), defaultValue: arg.defaultValue },
                    ]),
                  ),
                },
              ];
            }),
        ),
    });
  } else if (isInputObjectType(type)) {
    const names = usedFields.get(type.name) ?? new Set();
    result = new GraphQLInputObjectType({
      name: type.name,
      description: type.description,
      fields: () =>
        Object.fromEntries(
          Object.values(type.getFields())
            .filter((field) => names.has(field.name) || isRequiredInputField(field))
            .map((field) => [
              field.name,
              { description: field.description, type: wrap(field.type), defaultValue: field.defaultValue },
            ]),
        ),
    });
  } else if (isEnumType(type)) {
    result = new GraphQLEnumType(type.toConfig());
  } else if (type instanceof GraphQLScalarType) {
    result = new GraphQLScalarType({ name: type.name, description: type.description });
  } else {
    throw new Error(`${type.name}: interfaces and unions are not cut; select on an object type`);
  }
  made.set(type.name, result);
  return result;
}

const subset = new GraphQLSchema({ query: cut(full.getQueryType()), mutation: cut(full.getMutationType()) });
const sha256 = createHash('sha256').update(sdl).digest('hex');
const header = [
  "# A subset of Linear's GraphQL schema (https://github.com/linear/linear, packages/sdk/src/schema.graphql):",
  '# what the Linear adapter (apps/server/src/tracker/linear/linear-documents.ts) uses. Cut by',
  `# scripts/trim-linear-schema.mjs from the schema with sha256 ${sha256}.`,
  '',
].join('\n');
const target = new URL('../apps/server/src/tracker/testdata/linear-schema-subset.graphql', import.meta.url);
writeFileSync(target, `${header}${printSchema(subset)}\n`);
// In the repository's own format, so the CI's format check passes on the file as written.
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(target)], { stdio: 'inherit' });
console.log(`wrote ${target.pathname}: ${made.size} types`);
