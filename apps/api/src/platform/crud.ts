import {
  type CampoCadastro,
  type DefinicaoCadastro,
  data,
  esquemaCadastro,
  id,
  idParams,
  listQuery,
  okResposta,
  paged,
  referencia,
  selectResposta,
} from '@sig/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ehTextual,
  esquemaItem,
  type Filtros,
  MotorCadastro,
  type TabelaCadastro,
  type TabelaFilho,
} from './crud-motor.js';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from './exportacao.js';
import { idDaRota, registrarRegrasReferencia } from './referencias.js';

export { esquemaItem, type TabelaCadastro, type TabelaFilho } from './crud-motor.js';

/** One optional query parameter per `filtro` field: text contains, the rest equals. */
const inteiro = z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647);

function esquemaFiltro(c: CampoCadastro): z.ZodType {
  if (ehTextual(c)) return z.string().trim().max(200).optional();
  switch (c.tipo) {
    case 'inteiro':
      return inteiro.optional();
    case 'referencia':
      // Filtering by a row is naming it: the same rule as a write's reference (platform/referencias.ts).
      return (c.referencia ? referencia(c.referencia, inteiro) : inteiro).optional();
    case 'decimal':
      return z.coerce.number().finite().optional();
    case 'booleano':
      return z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional();
    case 'opcao':
      return z.enum((c.opcoes ?? []) as [string, ...string[]]).optional();
    case 'data':
      return data.optional();
    default:
      return z.string().trim().max(200).optional();
  }
}

function esquemas(def: DefinicaoCadastro) {
  const item = esquemaItem(def);
  const filtros = Object.fromEntries(def.campos.filter((c) => c.filtro).map((c) => [c.nome, esquemaFiltro(c)]));
  const ordenaveis = [
    ...new Set(['id', def.ordemPadrao, ...def.campos.filter((c) => c.ordenavel).map((c) => c.nome)]),
  ] as [string, ...string[]];
  const ordenarPor = z.enum(ordenaveis).optional();
  const entrada = esquemaCadastro(def);
  return {
    item,
    entrada,
    entradaComId: entrada.safeExtend({ id }),
    paginado: listQuery.extend({ ...filtros, ordenarPor }),
    select: z.object({ ...filtros, busca: z.string().trim().max(200).optional() }),
    exportar: z.object({
      ...filtros,
      ordenarPor,
      ordem: listQuery.shape.ordem,
      formato: z.enum(FORMATOS_ARQUIVO).default('csv'),
    }),
  };
}

/**
 * Registers a registry's routes under `/<recurso>` (spec's `perfil` shape plus the export):
 * thin handlers over MotorCadastro, access declared per route from the declaration's screen;
 * `tabelaDe` finds the registries whose labels the lists show beside references; `filhos` gives the table of each sub-record collection. The registry's rows become a reference
 * kind other writes may name (platform/referencias.ts).
 */
export async function registrarCadastro(
  app: FastifyInstance,
  def: DefinicaoCadastro,
  tabela: TabelaCadastro,
  tabelaDe: (recurso: string) => TabelaCadastro | undefined,
  filhos: Readonly<Record<string, TabelaFilho>> = {},
) {
  const motor = new MotorCadastro(app.deps, def, tabela, tabelaDe, filhos);
  registrarRegrasReferencia({ [def.recurso]: motor.regraReferencia() });
  const s = esquemas(def);
  const tags = [def.recurso];
  const acesso = def.acesso;

  await app.register(
    async (instancia) => {
      const r = instancia.withTypeProvider<ZodTypeProvider>();

      r.get('/', { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: z.array(s.item) } } }, (req) =>
        motor.listar(req.ctx),
      );

      r.get(
        '/paginado',
        { config: { acesso, acao: 'L' }, schema: { tags, querystring: s.paginado, response: { 200: paged(s.item) } } },
        (req) => motor.paginado(req.ctx, req.query as Filtros & { pagina: number; quantidade: number }),
      );

      r.get(
        '/select',
        {
          config: { acesso, acao: 'L', opcoesDe: def.recurso },
          schema: { tags, querystring: s.select, response: { 200: selectResposta } },
        },
        (req) => motor.opcoes(req.ctx, req.query as Filtros & { busca?: string }),
      );

      r.get(
        '/exportar',
        {
          config: { acesso, acao: 'L' },
          schema: { tags, querystring: s.exportar, produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx] },
        },
        async (req, reply) => {
          const { formato, ...filtros } = req.query;
          const e = await motor.exportar(req.ctx, filtros as Filtros, formato, {
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? null,
            rota: req.url,
          });
          return reply
            .header('content-type', TIPO_CONTEUDO[formato])
            .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
            .header('x-total-linhas', String(e.linhas))
            .header('x-exportacao-truncada', String(e.truncada))
            .send(e.conteudo);
        },
      );

      r.get(
        '/:id',
        { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: s.item } } },
        (req) => motor.obter(req.ctx, req.params.id),
      );

      r.post(
        '/',
        { config: { acesso, acao: 'C' }, schema: { tags, body: s.entrada, response: { 201: s.item } } },
        async (req, reply) => reply.status(201).send(await motor.criar(req.ctx, req.corpoBruto, req.body)),
      );

      r.put(
        '/',
        {
          config: { acesso, acao: 'U', registroAtual: (req) => motor.obter(req.ctx, (req.body as { id: number }).id) },
          schema: { tags, body: s.entradaComId, response: { 200: s.item } },
        },
        (req) => {
          const { id: alvo, ...entrada } = req.body;
          return motor.atualizar(req.ctx, alvo as number, req.corpoBruto, entrada);
        },
      );

      r.put(
        '/:id',
        {
          config: { acesso, acao: 'U', registroAtual: (req) => motor.obter(req.ctx, idDaRota(req)) },
          schema: { tags, params: idParams, body: s.entrada, response: { 200: s.item } },
        },
        (req) => motor.atualizar(req.ctx, req.params.id, req.corpoBruto, req.body),
      );

      r.delete(
        '/:id',
        { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
        async (req) => {
          await motor.excluir(req.ctx, req.params.id);
          return { sucesso: true };
        },
      );
    },
    { prefix: `/${def.recurso}` },
  );
}
