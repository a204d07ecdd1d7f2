export const ADMIN_EMAIL = 'admin@sig.local';
export const ADMIN_SENHA = 'Admin@12345';
export { SENHA_DEMO } from '@sig/db/seed';

/** The Pimaco 6180 sheet: Letter paper, 3 × 10 labels of 66.7 × 25.4 mm (a grid that fits its paper). */
export const PIMACO_6180 = {
  tamanhoPapel: 'CARTA',
  linhas: 10,
  colunas: 3,
  margemSuperior: 12.7,
  margemEsquerda: 4.8,
  larguraEtiqueta: 66.7,
  alturaEtiqueta: 25.4,
  espacoHorizontal: 3.1,
  espacoVertical: 0,
};
