import { mensagemDeIssue } from '@sig/i18n';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from './api';
import { i18n } from './i18n';

/**
 * antd form rules from the contracts' zod schema: the field is checked by the same rule the
 * server applies, with the same message (spec §5), in the user's language.
 */
export function regrasZod(esquema: z.ZodType): (campo: string) => Rule[] {
  return (campo) => [
    ({ getFieldsValue }) => ({ validator: () => validarCaminho(esquema, getFieldsValue(true), campo) }),
  ];
}

/** Rejects with the schema's message for one path of the values (a field, or a whole sub-record list). */
export async function validarCaminho(esquema: z.ZodType, valores: unknown, campo: string) {
  const r = esquema.safeParse(valores, { reportInput: true });
  if (r.success) return;
  const issue = r.error.issues.find((i) => i.path.join('.') === campo);
  if (issue) throw new Error(mensagemDeIssue(i18n.t, issue));
}

/** Puts the server's field errors on their fields; returns false when the error had none. */
export function aplicarErrosServidor(form: FormInstance, erro: unknown): boolean {
  if (!(erro instanceof ApiError) || !erro.campos.length) return false;
  form.setFields(
    erro.campos.map((c) => ({
      name: c.campo.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [c.mensagem],
    })),
  );
  return true;
}

/** The server's message for a refused request, 'Ocorreu um erro inesperado!' for anything else (spec §8). */
export const mensagemDeErro = (erro: unknown) =>
  erro instanceof ApiError ? erro.message : i18n.t('erros:ERRO_INESPERADO');
