import type { CategoriaFormulario, FilaAtendimento, SelectOpcao } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { contemSemAcento } from '../../platform/sql.js';
import { destinosPermitidos, usuariosEscolhiveis } from './fila.js';

/** What the ticket form offers, readable with the queue's own permission. */

const {
  categoriaAtendimento,
  categoriaAtendimentoClasse,
  caracteristica,
  caracteristicaOpcao,
  classeCaracteristica,
  icone,
  organizacao,
  pessoa,
  time,
  usuario,
} = schema;

export async function categorias(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: categoriaAtendimento.id, label: categoriaAtendimento.nome })
    .from(categoriaAtendimento)
    .where(and(eq(categoriaAtendimento.ativo, true), isNull(categoriaAtendimento.excluidoEm)))
    .orderBy(asc(categoriaAtendimento.nome));
}

export async function categoria(deps: Deps, id: number): Promise<CategoriaFormulario> {
  const [c] = await deps.db
    .select({
      id: categoriaAtendimento.id,
      nome: categoriaAtendimento.nome,
      icone: icone.simbolo,
      requisito: categoriaAtendimento.requisito,
    })
    .from(categoriaAtendimento)
    .leftJoin(icone, and(eq(icone.id, categoriaAtendimento.iconeId), isNull(icone.excluidoEm)))
    .where(and(eq(categoriaAtendimento.id, id), isNull(categoriaAtendimento.excluidoEm)));
  if (!c) throw naoEncontrado();
  const linhas = await deps.db
    .select({
      caracteristicaId: caracteristica.id,
      nome: caracteristica.nome,
      obrigatorio: sql<boolean>`bool_or(${classeCaracteristica.obrigatorio})`,
      ordem: sql<number>`min(${classeCaracteristica.ordem})`,
    })
    .from(categoriaAtendimentoClasse)
    .innerJoin(classeCaracteristica, eq(classeCaracteristica.classeId, categoriaAtendimentoClasse.classeId))
    .innerJoin(caracteristica, eq(caracteristica.id, classeCaracteristica.caracteristicaId))
    .where(
      and(
        eq(categoriaAtendimentoClasse.categoriaAtendimentoId, id),
        isNull(categoriaAtendimentoClasse.excluidoEm),
        isNull(classeCaracteristica.excluidoEm),
      ),
    )
    .groupBy(caracteristica.id, caracteristica.nome)
    .orderBy(sql`min(${classeCaracteristica.ordem})`, asc(caracteristica.nome));
  const opcoes = linhas.length
    ? await deps.db
        .select({
          caracteristicaId: caracteristicaOpcao.caracteristicaId,
          chave: caracteristicaOpcao.chave,
          valor: caracteristicaOpcao.valor,
        })
        .from(caracteristicaOpcao)
        .where(
          and(
            inArray(
              caracteristicaOpcao.caracteristicaId,
              linhas.map((l) => l.caracteristicaId),
            ),
            eq(caracteristicaOpcao.ativo, true),
            isNull(caracteristicaOpcao.excluidoEm),
          ),
        )
        .orderBy(asc(caracteristicaOpcao.ordem))
    : [];
  return {
    ...c,
    caracteristicas: linhas.map(({ ordem: _o, ...l }) => ({
      ...l,
      opcoes: opcoes
        .filter((o) => o.caracteristicaId === l.caracteristicaId)
        .map(({ chave, valor }) => ({ chave, valor })),
    })),
  };
}

export async function organizacoesDestino(deps: Deps, ctx: Contexto, fila: FilaAtendimento, busca?: string) {
  return deps.db
    .select({ value: organizacao.id, label: organizacao.nomeFantasia })
    .from(organizacao)
    .where(and(destinosPermitidos(ctx, fila), busca ? contemSemAcento(organizacao.nomeFantasia, busca) : undefined))
    .orderBy(asc(organizacao.caminho))
    .limit(50);
}

/** The users a ticket may name, the user first (the form's default). */
export async function usuarios(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const nome = sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`;
  return deps.db
    .select({ value: usuario.id, label: nome })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(and(usuariosEscolhiveis(ctx), busca ? contemSemAcento(nome, busca) : undefined))
    .orderBy(sql`${usuario.id} = ${ctx.usuarioId} desc`, asc(pessoa.nome), asc(usuario.id))
    .limit(50);
}

export async function times(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: time.id, label: time.nome })
    .from(time)
    .where(and(eq(time.ativo, true), isNull(time.excluidoEm)))
    .orderBy(asc(time.nome));
}
