import type { KObject } from '../../model/k8s.js';
import { mismatchError, shapeError } from './api-errors.js';

export interface ListPage {
  items: KObject[];
  continueToken: string | undefined;
  resourceVersion: string | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * Checks one page of a list at the boundary: an object of kind `XxxList` (or List/PartialObjectMetadataList)
 * with an `items` array of objects, each with a metadata.name, and a string `continue` if any.
 * `42`, `[]`, `{}` or a Status are errors (exit 3), never "no objects".
 */
export function checkListPage(body: unknown, kind: string, server: string, what: string, namespace?: string): ListPage {
  const expected = `${kind}List`;
  if (!isObject(body)) throw shapeError(server, expected, what, `the body is ${typeName(body)}`);
  if (body.kind !== undefined && body.kind !== expected && body.kind !== 'List' && body.kind !== 'PartialObjectMetadataList') {
    throw shapeError(server, expected, what, `its kind is ${JSON.stringify(String(body.kind)).slice(0, 80)}`);
  }
  // kube-apiserver writes an empty list as `items: []`: null is not "nothing there" but an answer we cannot read
  // — except in a metadata-only list (PartialObjectMetadataList, how kdiag lists Secrets), which the API server
  // builds item by item, so that an empty one really is written as `items: null`.
  const raw = body.items === null && body.kind === 'PartialObjectMetadataList' ? [] : body.items;
  if (!Array.isArray(raw)) throw shapeError(server, expected, what, raw === undefined ? 'it has no items' : `items is ${typeName(raw)}`);
  raw.forEach((item, i) => {
    checkObject(item, server, expected, what, `items[${i}]`);
    checkNamespace(item as KObject, namespace, server, what, `items[${i}]`);
  });
  const metadata = body.metadata;
  if (metadata !== undefined && metadata !== null && !isObject(metadata)) throw shapeError(server, expected, what, `metadata is ${typeName(metadata)}`);
  const cont = metadata?.continue;
  if (cont !== undefined && cont !== null && typeof cont !== 'string') throw shapeError(server, expected, what, `metadata.continue is ${typeName(cont)}`);
  const rv = metadata?.resourceVersion;
  return { items: raw as KObject[], continueToken: cont || undefined, resourceVersion: typeof rv === 'string' && rv !== '' ? rv : undefined };
}

/** Checks a single GET: an object (of `kind` when it says) with a metadata.name, the one asked for. */
export function checkObjectAnswer(body: unknown, kind: string, server: string, what: string, asked?: { namespace?: string; name: string }): KObject {
  if (isObject(body) && body.kind !== undefined && body.kind !== kind) throw shapeError(server, kind, what, `its kind is ${JSON.stringify(String(body.kind)).slice(0, 80)}`);
  checkObject(body, server, kind, what, 'the body');
  const obj = body as KObject;
  if (asked && obj.metadata?.name !== asked.name) throw mismatchError(server, what, `the object is named ${quoted(obj.metadata?.name)}, not ${quoted(asked.name)}`);
  checkNamespace(obj, asked?.namespace, server, what, 'the object');
  return obj;
}

const quoted = (v: unknown): string => JSON.stringify(String(v)).slice(0, 80);

/** An object of another namespace than the one asked for: the server (or a proxy) answered another request. */
function checkNamespace(obj: KObject, namespace: string | undefined, server: string, what: string, where: string): void {
  const ns = obj.metadata?.namespace;
  if (namespace !== undefined && ns !== undefined && ns !== namespace) throw mismatchError(server, what, `${where} is in namespace ${quoted(ns)}, not ${quoted(namespace)}`);
}

function checkObject(item: unknown, server: string, expected: string, what: string, where: string): void {
  if (!isObject(item)) throw shapeError(server, expected, what, `${where} is ${typeName(item)}`);
  if (!isObject(item.metadata)) throw shapeError(server, expected, what, `${where} has no metadata`);
  if (typeof item.metadata.name !== 'string' || item.metadata.name === '') throw shapeError(server, expected, what, `${where} has no metadata.name`);
}
