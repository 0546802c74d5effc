import type { FastifyRequest } from 'fastify';
import { wireField } from '../../shared/api/case';
import type { ApiError } from '../../shared/api/common';
import { TEXT_MESSAGES, textProblem, textProblemMessage } from '../../shared/rules/text-input';
import { HttpError } from '../http-errors';

// A NUL or a lone surrogate anywhere in a request used to reach PostgreSQL, which
// refused it with a 500. Every string of every /api request (path parameters, query, JSON body,
// values and keys alike) is checked once here, before any route sees it, so no route can forget.

/** A form shows one message per field; past this many bad fields the rest add nothing. */
const MAX_ERRORS = 20;

/** A path as links to its parent: walking stays linear however deep the input (arrays are built only to report). */
interface PathLink {
  key: string | number;
  parent: PathLink | null;
}

function pathOf(link: PathLink | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = link; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The unstorable strings of `value` as `{message, field}` (wire names, `items.0.name`), walked
 * without recursion: the caller bounds the depth, not the breadth.
 */
export function unstorableTextErrors(value: unknown, limit = MAX_ERRORS): ApiError[] {
  const errors: ApiError[] = [];
  const seen = new Set<string>();
  const report = (link: PathLink | null, message: string) => {
    const field = wireField(pathOf(link));
    if (seen.has(field ?? '')) return;
    seen.add(field ?? '');
    errors.push(field ? { message, field } : { message });
  };
  const stack: [unknown, PathLink | null][] = [[value, null]];
  while (stack.length > 0 && errors.length < limit) {
    const [node, link] = stack.pop()!;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) report(link, textProblemMessage(problem));
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], { key: i, parent: link }]);
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        // a bad key cannot name itself: the object holding it is named instead
        if (textProblem(key)) report(link, TEXT_MESSAGES.fieldName);
        else stack.push([child, { key, parent: link }]);
      }
    }
  }
  return errors;
}

/** 400 naming each field whose text the hub could not store; nothing else of the request is read. */
export function refuseUnstorableText(request: FastifyRequest): void {
  const errors = [
    ...unstorableTextErrors(request.params),
    ...unstorableTextErrors(request.query),
    ...unstorableTextErrors(request.body),
  ].slice(0, MAX_ERRORS);
  if (errors.length > 0) throw new HttpError(400, errors);
}
