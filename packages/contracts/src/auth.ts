import { z } from 'zod';
import { ACOES } from './acessos.js';
import { cpf, email, id, MSG, senha, texto } from './comum.js';

/**
 * A random id the browser keeps for itself and sends at every sign-in: once it signed in to an
 * account with the password, the account's lock does not shut it out (docs/ARCHITECTURE.md).
 */
export const dispositivo = z.string().regex(/^[\w-]{16,100}$/, { message: 'validacao:invalido' });

export const autenticarBody = z.object({
  /** E-mail or CPF. */
  login: texto(254),
  senha: z.string().min(1).max(200),
  dispositivo: dispositivo.optional(),
});

export const autenticacaoResposta = z.object({
  accessToken: z.string(),
  primeiroNome: z.string(),
  sobrenome: z.string(),
  email: z.string(),
  pessoaId: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  requer2FA: z.boolean(),
  trocarSenha: z.boolean(),
});
export type AutenticacaoResposta = z.infer<typeof autenticacaoResposta>;

export const autenticar2FABody = z.object({
  codigo: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'validacao:codigo2FA' }),
  /** `totp` (authenticator app) or `email` (the code sent by e-mail). */
  metodo: z.enum(['totp', 'email']).default('totp'),
});

export const tokenValidoQuery = z.object({ token: z.string().max(200).default('') });
export const tokenValidoResposta = z.object({ valido: z.boolean() });

export const trocarOrganizacaoQuery = z.object({ organizacaoId: id });

export const permissaoTela = z.object({
  acesso: z.string(),
  listar: z.boolean(),
  visualizar: z.boolean(),
  criar: z.boolean(),
  atualizar: z.boolean(),
  excluir: z.boolean(),
  somentePropriaOrganizacao: z.boolean(),
});
export type PermissaoTela = z.infer<typeof permissaoTela>;

export const permissaoCampo = z.object({
  acesso: z.string(),
  campo: z.string(),
  /** null inherits from the screen; false denies. */
  visualizar: z.boolean().nullable(),
  atualizar: z.boolean().nullable(),
});
export type PermissaoCampo = z.infer<typeof permissaoCampo>;

export const autorizacaoResposta = z.object({
  perfilId: z.number().int(),
  perfilNome: z.string(),
  administrador: z.boolean(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  ambiente: z.string(),
  permissoes: z.array(permissaoTela),
  campos: z.array(permissaoCampo),
  organizacoes: z.array(z.object({ id: z.number().int(), nome: z.string(), perfilId: z.number().int() })),
});
export type AutorizacaoResposta = z.infer<typeof autorizacaoResposta>;

export const confirmacaoSenha = <T extends { senha: string; confirmacaoSenha: string }>(v: T) =>
  v.senha === v.confirmacaoSenha;

export const cadastroBody = z
  .object({
    nome: texto(100),
    sobrenome: texto(100),
    cpf,
    email,
    organizacaoId: id,
    senha,
    confirmacaoSenha: z.string().max(200),
    aceiteTermos: z.literal(true, { message: MSG.termosNaoAceitos }),
  })
  .refine(confirmacaoSenha, { message: MSG.senhasDiferentes, path: ['confirmacaoSenha'] });

export const solicitarRedefinicaoBody = z.object({ email });
export const redefinirSenhaBody = z
  .object({
    token: z.string().min(10).max(200),
    senha,
    confirmacaoSenha: z.string().max(200),
    dispositivo: dispositivo.optional(),
  })
  .refine(confirmacaoSenha, { message: MSG.senhasDiferentes, path: ['confirmacaoSenha'] });

export const trocarSenhaBody = z
  .object({ senhaAtual: z.string().min(1).max(200), senha, confirmacaoSenha: z.string().max(200) })
  .refine(confirmacaoSenha, { message: MSG.senhasDiferentes, path: ['confirmacaoSenha'] });

export const doisFatoresInicioResposta = z.object({ segredo: z.string(), uri: z.string() });
export const doisFatoresAtivarBody = z.object({ codigo: autenticar2FABody.shape.codigo });
export const doisFatoresDesativarBody = z.object({ senha: z.string().min(1).max(200) });

export const organizacaoCadastroOpcao = z.object({ value: z.number().int(), label: z.string() });
export const organizacoesCadastroQuery = z.object({ busca: z.string().trim().max(100).default('') });

export const acaoLetra = z.enum(ACOES);
