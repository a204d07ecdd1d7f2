/** The product's version (the root package.json's), reported by /api/saude and the OpenAPI document. */
export const VERSAO = '2.14.2';
