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
 * `regrasZod` (platform/formulario.ts) for the public pages: the same schema checks each field
 * with the same message, but zod and the contracts are fetched on the first validation (a
 * keystroke or a submit) instead of with the page, which keeps them out of the sign-in page's
 * download (bench/README.md, web app). A submit waits for them, so nothing is sent unchecked.
 */
export function regrasPublicas(esquema: keyof Esquemas): (campo: string) => Rule[] {
  return (campo) => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        // Should they not arrive, the server's check stands alone: its answer names the field too.
        const todos = await esquemasPublicos().catch(() => null);
        if (todos) await validarCaminho(todos[esquema], getFieldsValue(true), campo);
      },
    }),
  ];
}
