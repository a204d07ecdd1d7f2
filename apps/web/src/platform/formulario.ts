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

type NomeCampo = (string | number)[];

/**
 * The field an error of the server shows on: its path, or, for an item of a list of plain values
 * (`celebrantes.1`: people chosen in one selector), the list's field, which is the only one there is.
 */
function campoDoErro(form: FormInstance, campo: string): NomeCampo {
  const nome = campo.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const item = nome.at(-1);
  if (typeof item !== 'number') return nome;
  const lista: unknown = form.getFieldValue(nome.slice(0, -1));
  const valor: unknown = Array.isArray(lista) ? lista[item] : undefined;
  return Array.isArray(lista) && (valor === null || typeof valor !== 'object') ? nome.slice(0, -1) : nome;
}

/** Puts the server's field errors on their fields; returns false when the error had none. */
export function aplicarErrosServidor(form: FormInstance, erro: unknown): boolean {
  if (!(erro instanceof ApiError) || !erro.campos.length) return false;
  const porCampo = new Map<string, { name: NomeCampo; errors: string[] }>();
  for (const c of erro.campos) {
    const name = campoDoErro(form, c.campo);
    const chave = name.join('.');
    const atual = porCampo.get(chave) ?? { name, errors: [] };
    if (!atual.errors.includes(c.mensagem)) atual.errors.push(c.mensagem);
    porCampo.set(chave, atual);
  }
  form.setFields([...porCampo.values()]);
  return true;
}

/** The server's message for a refused request, 'Ocorreu um erro inesperado!' for anything else (spec §8). */
export const mensagemDeErro = (erro: unknown) =>
  erro instanceof ApiError ? erro.message : i18n.t('comum:erroInesperado');
