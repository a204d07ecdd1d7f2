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

const codigo2FA = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'validacao:codigo2FA' });

/** How many one-time recovery codes a user gets when turning 2FA on or asking for new ones. */
export const QUANTIDADE_CODIGOS_RECUPERACAO = 10;

/**
 * A recovery code as shown (`ab3de-f9hk2`: ten letters and digits without look-alikes), taken in
 * any case, with or without the hyphen or spaces: this is the form it is compared in.
 */
export const normalizarCodigoRecuperacao = (codigo: string) => {
  const v = codigo.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-9]{10}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : null;
};

export const autenticar2FABody = z
  .object({
    codigo: z.string().trim().max(40),
    /**
     * `totp` (authenticator app), `email` (the code sent by e-mail): six digits; `recuperacao`: one
     * of the one-time recovery codes shown when 2FA was turned on.
     */
    metodo: z.enum(['totp', 'email', 'recuperacao']).default('totp'),
  })
  .superRefine((v, ctx) => {
    if (v.metodo === 'recuperacao' ? normalizarCodigoRecuperacao(v.codigo) : /^\d{6}$/.test(v.codigo)) return;
    const message = v.metodo === 'recuperacao' ? 'validacao:codigoRecuperacao' : 'validacao:codigo2FA';
    ctx.addIssue({ code: 'custom', path: ['codigo'], message });
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

export const doisFatoresInicioResposta = z.object({
  segredo: z.string(),
  uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL (the page's policy allows `data:` images). */
  qrCode: z.string(),
});
export const doisFatoresAtivarBody = z.object({ codigo: codigo2FA });
/** The password that turns 2FA off or renews the recovery codes. */
export const doisFatoresDesativarBody = z.object({ senha: z.string().min(1).max(200) });
/** Shown once: only their hashes are kept. */
export const codigosRecuperacaoResposta = z.object({ codigosRecuperacao: z.array(z.string()) });
export const doisFatoresEstado = z.object({ ativo: z.boolean(), codigosRestantes: z.number().int() });
export type DoisFatoresEstado = z.infer<typeof doisFatoresEstado>;
export type DoisFatoresInicio = z.infer<typeof doisFatoresInicioResposta>;

export const organizacaoCadastroOpcao = z.object({ value: z.number().int(), label: z.string() });
export const organizacoesCadastroQuery = z.object({ busca: z.string().trim().max(100).default('') });

export const acaoLetra = z.enum(ACOES);
