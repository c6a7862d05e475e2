/**
 * Where a form's draft is kept in sessionStorage: a module of its own, because the deferred form
 * checks for a draft before any of the form's code is loaded.
 */
export function draftStorageKey(formId: string): string {
  return `estimate-draft:${formId}`;
}
