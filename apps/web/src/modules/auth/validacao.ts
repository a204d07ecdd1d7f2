import type { Rule } from 'antd/es/form';
import { validarCaminho } from '../../platform/formulario';
import { i18n } from '../../platform/i18n';

// A module imported only dynamically: a dynamic import of the contracts barrel itself would be merged into
// the entry as soon as anything there imports a constant from it.
const carregarEsquemas = () => import('./esquemas');
type Esquemas = Awaited<ReturnType<typeof carregarEsquemas>>;

let esquemas: Promise<Esquemas> | undefined;
/** The schemas, with the field names their messages quote; fetched once, again after a failure. */
function esquemasPublicos() {
  esquemas ??= Promise.all([carregarEsquemas(), i18n.loadNamespaces('campos')]).then(
    ([carregados]) => carregados,
    (erro: unknown) => {
      esquemas = undefined;
      throw erro;
    },
  );
  return esquemas;
}

/**
 * The schema's message for one field of the values, none when it passes. zod and the contracts are
 * fetched on the first validation (a keystroke or a submit) instead of with the page, which keeps
 * them out of the sign-in page's download (bench/README.md, web app). Should they not arrive, the
 * server's check stands alone: its answer names the field too.
 */
export async function erroPublico(esquema: keyof Esquemas, valores: unknown, campo: string) {
  const todos = await esquemasPublicos().catch(() => null);
  if (!todos) return undefined;
  return validarCaminho(todos[esquema], valores, campo).then(
    () => undefined,
    (erro: Error) => erro.message,
  );
}

/**
 * `regrasZod` (platform/formulario.ts) for the public pages' antd forms: the same schema checks
 * each field with the same message, through `erroPublico`. A submit waits for them, so nothing is
 * sent unchecked.
 */
export function regrasPublicas(esquema: keyof Esquemas): (campo: string) => Rule[] {
  return (campo) => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const erro = await erroPublico(esquema, getFieldsValue(true), campo);
        if (erro) throw new Error(erro);
      },
    }),
  ];
}
