import path from 'node:path';

const serverSrc = path.resolve(import.meta.dirname, '../apps/server/src');
const scopeFile = path.join(serverSrc, 'lib/scope.ts');

/**
 * What lib/scope.ts gives a repository to narrow its rows with (ADR 0034), and its marker of a
 * statement that is under no business's scope on purpose (`acrossBusinesses(reason, …)`). A call
 * of one of them, imported from lib/scope.ts, is what makes a write scoped.
 */
export const scopeHelpers = [
  'ofBusiness',
  'theBusiness',
  'inScope',
  'ofCustomer',
  'ofCustomers',
  'ofExecutive',
  'sqlOfBusiness',
  'sqlInScope',
  'sqlOfCustomer',
  'sqlOfExecutive',
  'acrossBusinesses',
];
const helpers = new Set(scopeHelpers);

/** The query builder's columns that say whose a row is. */
const scopeColumn = /^(businessId|zoneId|dexId|customerId|executiveId)$/;
/** The same columns in SQL written by hand, compared with what follows: `= ${…}`, `IN (${…}`, `= ANY(${…}`. */
const scopeSqlComparison =
  /\b(business_id|zone_id|dex_id|customer_id|executive_id)\s*(?:=|IN\s*\(|=\s*ANY\s*\()\s*$/i;
/** What follows a column interpolated as `${table.businessId} = ${…}`. */
const comparison = /^\s*(?:=|IN\s*\(|=\s*ANY\s*\()\s*$/i;
/** A statement that writes rows: `UPDATE t` (not `FOR UPDATE`, `FOR NO KEY UPDATE`, `DO UPDATE`) or `DELETE FROM t`. */
const rawWrite = /(?<!\b(?:FOR|KEY|DO|ON)\s+)\bUPDATE\s|\bDELETE\s+FROM\b/;

const isScopeModule = (source) => /(?:^|\/)lib\/scope(?:\.ts)?$/.test(source) || source === './scope.ts';
const isSchemaModule = (source) => /(?:^|\/)db\/schema(?:\.ts)?$/.test(source);

/**
 * The server's one scope layer (ADR 0034), kept one: outside lib/scope.ts no file writes a
 * condition of its own on whose a row is (a query builder's `eq`/`inArray` of a businessId,
 * zoneId, dexId, customerId or executiveId, or SQL comparing business_id, zone_id, dex_id,
 * customer_id or executive_id with a value), and every UPDATE or DELETE names its scope: the
 * query builder's `.update(t)…where(x)` and `.delete(t).where(x)`, and SQL's `UPDATE`/`DELETE
 * FROM`, each hold a call of lib/scope.ts's conditions, or its `acrossBusinesses(reason, …)`
 * marker where a statement is under no business's scope on purpose. A join of two tables' columns
 * (`eq(stores.businessId, businesses.id)`, `u.zone_id = ${orders.zoneId}`) is not a scope's
 * condition. Tests are not linted by it.
 */
export const serverScope = {
  meta: {
    type: 'problem',
    messages: {
      ownCondition:
        "{{call}}(….{{column}}, …) is a scope condition of its own: narrow the rows with lib/scope.ts's ofBusiness, inScope, ofExecutive or ofCustomer.",
      rawCondition:
        "SQL compares {{column}} with a value of its own: narrow the rows with lib/scope.ts's sqlOfBusiness, sqlInScope, sqlOfExecutive or sqlOfCustomer.",
      unscopedWrite:
        "{{what}} names no scope: its WHERE needs a condition of lib/scope.ts, not an id alone (or acrossBusinesses(reason, …) where it is under no business's scope on purpose).",
      noReason:
        'acrossBusinesses needs its reason: a string saying why the statement is under no business’s scope.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (file === scopeFile || /\.test\.tsx?$/.test(file)) return {};
    const sourceCode = context.sourceCode;

    /** The variable `node` (an identifier) names, from the scope it is in. */
    const variableOf = (node) => {
      for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get(node.name);
        if (variable) return variable;
      }
      return null;
    };
    /** The module an identifier is imported from, or null. */
    const importedFrom = (node) => {
      if (node?.type !== 'Identifier') return null;
      const def = variableOf(node)?.defs[0];
      return def?.type === 'ImportBinding' ? def.parent.source.value : null;
    };
    /** The name of the lib/scope.ts helper a call's callee is (`ofBusiness(…)`, `scope.ofBusiness(…)`), or null. */
    const helperOf = (callee) => {
      if (callee.type === 'Identifier') {
        const def = variableOf(callee)?.defs[0];
        if (def?.type !== 'ImportBinding' || !isScopeModule(def.parent.source.value)) return null;
        const name = def.node.type === 'ImportSpecifier' ? def.node.imported.name : null;
        return name !== null && helpers.has(name) ? name : null;
      }
      if (callee.type === 'MemberExpression' && !callee.computed && helpers.has(callee.property.name)) {
        const source = importedFrom(callee.object);
        return source !== null && isScopeModule(source) ? callee.property.name : null;
      }
      return null;
    };
    /** Whether `node` is a column of a schema table (`orders.zoneId`, `t.orders.zoneId`) or of a drizzle alias of one. */
    const isColumn = (node) => {
      if (node?.type !== 'MemberExpression' || node.computed) return false;
      const table = node.object;
      if (table.type === 'Identifier') {
        const source = importedFrom(table);
        if (source !== null) return isSchemaModule(source);
        const def = variableOf(table)?.defs[0];
        const init = def?.type === 'Variable' ? def.node.init : null;
        return (
          init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'alias'
        );
      }
      if (table.type === 'MemberExpression' && table.object.type === 'Identifier') {
        const source = importedFrom(table.object);
        return source !== null && isSchemaModule(source);
      }
      return false;
    };
    const isSqlTag = (node) =>
      node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier' && node.tag.name === 'sql';

    /**
     * Whether `node` holds a call of a scope helper: in itself, in what an identifier it uses was
     * given (its initialiser, a later assignment, an array's pushes), or in the body of a function
     * of this file it calls.
     */
    const holdsScope = (node, seen = new Set()) => {
      if (!node || typeof node.type !== 'string' || seen.has(node) || seen.size > 400) return false;
      seen.add(node);
      if (node.type === 'CallExpression') {
        if (helperOf(node.callee)) return true;
        if (node.callee.type === 'Identifier' && holdsScope(node.callee, seen)) return true;
      }
      if (node.type === 'Identifier') {
        const variable = variableOf(node);
        if (!variable) return false;
        for (const def of variable.defs) {
          if (def.type === 'Variable' && holdsScope(def.node.init, seen)) return true;
          if (def.type === 'FunctionName' && holdsScope(def.node.body, seen)) return true;
        }
        for (const reference of variable.references) {
          if (reference.writeExpr && holdsScope(reference.writeExpr, seen)) return true;
          const member = reference.identifier.parent;
          if (
            member?.type === 'MemberExpression' &&
            member.object === reference.identifier &&
            !member.computed &&
            member.property.name === 'push' &&
            member.parent?.type === 'CallExpression' &&
            member.parent.arguments.some((argument) => holdsScope(argument, seen))
          )
            return true;
        }
        return false;
      }
      for (const key of sourceCode.visitorKeys[node.type] ?? []) {
        // A name in a property's place is no variable: `{ businessId: … }`, `scope.businessId`.
        if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
        if (key === 'key' && node.type === 'Property' && !node.computed) continue;
        const child = node[key];
        if (Array.isArray(child)) {
          if (child.some((item) => holdsScope(item, seen))) return true;
        } else if (holdsScope(child, seen)) return true;
      }
      return false;
    };

    /** A query builder's `.update(t)` or `.delete(t)`: the calls chained on it, up to the statement's end. */
    const chainAfter = (call) => {
      const chain = [];
      let node = call;
      while (
        node.parent?.type === 'MemberExpression' &&
        node.parent.object === node &&
        node.parent.parent?.type === 'CallExpression' &&
        node.parent.parent.callee === node.parent
      ) {
        chain.push({ name: node.parent.property.name, call: node.parent.parent });
        node = node.parent.parent;
      }
      return chain;
    };
    const isTable = (node) => {
      if (node?.type === 'Identifier') {
        const source = importedFrom(node);
        return source !== null && isSchemaModule(source);
      }
      return isColumn(node);
    };

    const checkWrite = (node) => {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || node.arguments.length !== 1) return;
      const method = callee.property.name;
      if (method !== 'update' && method !== 'delete') return;
      const chain = chainAfter(node);
      const next = chain[0]?.name;
      const isWrite =
        method === 'update'
          ? next === 'set'
          : isTable(node.arguments[0]) || next === 'where' || next === 'returning';
      if (!isWrite) return;
      const where = chain.find((link) => link.name === 'where');
      if (where && where.call.arguments.some((argument) => holdsScope(argument))) return;
      context.report({
        node,
        messageId: 'unscopedWrite',
        data: { what: `.${method}(${sourceCode.getText(node.arguments[0])})` },
      });
    };

    return {
      CallExpression(node) {
        checkWrite(node);
        const callee = node.callee;
        if (helperOf(callee) === 'acrossBusinesses') {
          const reason = node.arguments[0];
          const text =
            reason?.type === 'Literal'
              ? reason.value
              : reason?.type === 'TemplateLiteral' && reason.expressions.length === 0
                ? reason.quasis[0].value.cooked
                : null;
          if (typeof text !== 'string' || text.trim() === '') context.report({ node, messageId: 'noReason' });
          return;
        }
        if (callee.type !== 'Identifier' || (callee.name !== 'eq' && callee.name !== 'inArray')) return;
        const [column, value] = node.arguments;
        if (column?.type !== 'MemberExpression' || column.computed || !scopeColumn.test(column.property.name))
          return;
        // A join: the column against another table's.
        if (isColumn(value)) return;
        context.report({
          node,
          messageId: 'ownCondition',
          data: { call: callee.name, column: column.property.name },
        });
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node)) return;
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, i) => {
          const before = quasis[i].value.raw;
          const sqlColumn = scopeSqlComparison.exec(before);
          if (sqlColumn && !isColumn(expression)) {
            context.report({ node: expression, messageId: 'rawCondition', data: { column: sqlColumn[1] } });
          }
          // `${orders.businessId} = ${value}`: the query builder's column, compared by hand.
          const next = expressions[i + 1];
          if (
            next &&
            expression.type === 'MemberExpression' &&
            !expression.computed &&
            scopeColumn.test(expression.property.name) &&
            comparison.test(quasis[i + 1].value.raw) &&
            !isColumn(next)
          ) {
            context.report({
              node: next,
              messageId: 'rawCondition',
              data: { column: expression.property.name },
            });
          }
        });
        const text = quasis.map((quasi) => quasi.value.raw).join(' ? ');
        const write = rawWrite.exec(text);
        if (write && !expressions.some((expression) => holdsScope(expression))) {
          context.report({ node, messageId: 'unscopedWrite', data: { what: `SQL's ${write[0].trim()}` } });
        }
      },
    };
  },
};
