import { hojeNoBrasil, idsPessoas, pessoaListQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/erros.js';
import { condicoes, contar, exigirDentroDoMaximo, type LinhaDocumento, lotesPessoas } from '../pessoas/index.js';
import { type Etiqueta, pdfEtiquetas } from './etiquetas-pdf.js';

const acesso = 'Etiquetas' as const;
/** One print run; larger mailings are split by filter (a synod at a time). */
export const LIMITE_ETIQUETAS = 50_000;

const cepFormatado = (cep: unknown) =>
  typeof cep === 'string' && cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : (cep ?? '');

/** The lines of one address label: name, street and number, district, CEP city - state. */
export function linhasEtiqueta(p: LinhaDocumento): Etiqueta {
  const rua = [p.logradouro, p.numero].filter(Boolean).join(', ');
  const cidade = [p.cidade, p.uf].filter(Boolean).join(' - ');
  return [
    `${p.nome} ${p.sobrenome}`.trim(),
    p.complemento ? `${rua} - ${p.complemento}` : rua,
    String(p.bairro ?? ''),
    `${cepFormatado(p.cep)} ${cidade}`.trim(),
  ].filter(Boolean);
}

const consulta = pessoaListQuery.and(
  z.object({
    configuracaoId: z.coerce.number().int().positive(),
    /** People chosen one by one (with the selector) instead of, or narrowing, the filters. */
    pessoasIds: idsPessoas.optional(),
    posicaoInicial: z.coerce.number().int().min(1).max(500).default(1),
    somenteComEndereco: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .default(true),
  }),
);

/** `/emissao-etiquetas`: address labels of the people chosen by filter, as a streamed PDF. */
export const etiquetasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pdf',
    {
      config: { acesso, acao: 'R' },
      schema: { tags: ['etiquetas'], querystring: consulta, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const { configuracaoId, posicaoInicial, somenteComEndereco, pessoasIds, ...filtros } = req.query;
      await exigirDentroDoMaximo(app.deps, 'pessoasIds', pessoasIds);
      const c = schema.configuracaoEtiqueta;
      const [layout] = await app.deps.db
        .select()
        .from(c)
        .where(and(eq(c.id, configuracaoId), isNull(c.excluidoEm)));
      if (!layout)
        throw new AppError('VALIDACAO', {}, [{ campo: 'configuracaoId', mensagem: 'validacao:referenciaInexistente' }]);
      const filtrado = await condicoes(app.deps, req.ctx, filtros, acesso);
      const base = pessoasIds?.length ? and(filtrado, sql`${schema.pessoa.id} in ${pessoasIds}`)! : filtrado;
      const onde = somenteComEndereco
        ? and(
            base,
            sql`exists (select 1 from pessoa_endereco e where e.pessoa_id = ${schema.pessoa.id} and e.excluido_em is null and e.ativo)`,
          )!
        : base;
      const total = Math.min(await contar(app.deps, onde, LIMITE_ETIQUETAS), LIMITE_ETIQUETAS);
      async function* etiquetas() {
        for await (const lote of lotesPessoas(app.deps, onde, LIMITE_ETIQUETAS, req.idioma))
          yield lote.map(linhasEtiqueta);
      }
      const data = hojeNoBrasil();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="etiquetas-${data}.pdf"`)
        .header('x-total-etiquetas', String(total))
        .send(pdfEtiquetas(layout, etiquetas(), { posicaoInicial, titulo: layout.nome }));
    },
  );
};
