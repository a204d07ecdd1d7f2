import { z } from 'zod';

/**
 * Error codes carried by every error answer; the text lives in i18n (`erros` namespace)
 * and comes from spec §8 where the spec has one.
 */
export const CODIGOS_ERRO = {
  ERRO_INESPERADO: 500,
  ACESSO_NAO_PERMITIDO: 403,
  SEM_PERMISSAO_ORGANIZACAO: 403,
  SEM_AUTORIZACAO_LISTAR: 403,
  CAMPO_SEM_PERMISSAO: 403,
  PERMISSAO_ACIMA_DA_PROPRIA: 403,
  TROCA_SENHA_OBRIGATORIA: 403,
  NENHUM_RESULTADO: 404,
  ITEM_NAO_EXISTE: 404,
  NAO_ENCONTRADO: 404,
  ROTA_NAO_ENCONTRADA: 404,
  FILTRO_OBRIGATORIO: 400,
  FILTRO_NAO_SALVO: 400,
  VALIDACAO: 400,
  JSON_MALFORMADO: 400,
  CORPO_GRANDE: 413,
  TIPO_CONTEUDO: 415,
  LOGIN_INCORRETO: 401,
  TOKEN_INVALIDO: 401,
  SEGUNDO_FATOR_PENDENTE: 401,
  CODIGO_2FA_INVALIDO: 401,
  SENHA_ATUAL_INCORRETA: 400,
  TOKEN_REDEFINICAO_INVALIDO: 400,
  LOGIN_BLOQUEADO: 429,
  DOCUMENTO_DUPLICADO: 409,
  PESSOA_E_USUARIO: 409,
  PESSOA_JA_ANONIMIZADA: 409,
  EMAIL_JA_CADASTRADO: 409,
  NOME_DUPLICADO: 409,
  REGISTRO_EM_USO: 409,
  ORGANIZACAO_CICLO: 422,
  ORGANIZACAO_ATUAL: 409,
  DOIS_FATORES_JA_ATIVO: 409,
  DOIS_FATORES_NAO_INICIADO: 409,
  PERFIL_ADMINISTRADOR_PROTEGIDO: 409,
} as const;

export type CodigoErro = keyof typeof CODIGOS_ERRO;

export const erroCampo = z.object({ campo: z.string(), mensagem: z.string() });
export const erroResposta = z.object({
  codigo: z.string(),
  mensagem: z.string(),
  campos: z.array(erroCampo).optional(),
});
export type ErroResposta = z.infer<typeof erroResposta>;
