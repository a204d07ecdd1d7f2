import type { CampoCadastro } from '@sig/contracts';
import { Space, Table, type TableProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecursoPaginado, RecursoSelect } from '../cliente';
import { type ColunaLista, useListaRecurso } from '../useListaRecurso';
import { useTitulo } from '../useTitulo';
import { celulaDoCampo } from './celulas';
import { definicaoDe, type Registro, rotaFormBase, rotuloCampo } from './definicao';
import type { FiltroLista } from './filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from './PartesDaLista';

/** A declared field offered as a filter, by its type (text contains; the others equal). */
function filtroDoCampo(c: CampoCadastro): FiltroLista {
  switch (c.tipo) {
    case 'booleano':
      return { tipo: 'booleano', nome: c.nome };
    case 'opcao':
      return { tipo: 'opcao', nome: c.nome, opcoes: c.opcoes ?? [], rotulos: c.rotuloOpcoes };
    case 'referencia':
      return { tipo: 'referencia', nome: c.nome, referencia: c.referencia as RecursoSelect };
    case 'inteiro':
    case 'decimal':
      return { tipo: 'numero', nome: c.nome };
    case 'dinheiro':
      return { tipo: 'dinheiro', nome: c.nome };
    case 'data':
      return { tipo: 'data', nome: c.nome };
    default:
      return { tipo: 'texto', nome: c.nome, max: c.max };
  }
}

/** A page's own cell for a field, over its type's or extension's. */
export type CelulasProprias = Readonly<Record<string, (v: unknown, linha: Registro) => ReactNode>>;

/**
 * The list of a declared registry: `useListaRecurso` over the declaration — the `filtro` fields
 * as filters, the `lista` fields as columns with their type's cell (a reference by the label the
 * list answers beside it, an extension's own cell), saved filters and views, export, delete with
 * confirmation; rows shared from an organization above are read-only. `celulas`: a page's own cell
 * for a field.
 */
export default function ListaCadastro({ recurso, celulas }: { recurso: string; celulas?: CelulasProprias }) {
  const def = definicaoDe(recurso);
  const { t } = useTranslation(['campos', 'comum', 'crud', 'menu']);
  const titulo = `menu:acessos.${def.acesso}` as const;
  useTitulo(titulo);

  const filtros = useMemo(() => def.campos.filter((c) => c.filtro).map(filtroDoCampo), [def]);
  const colunas = useMemo<ColunaLista<Registro>[]>(
    () => [
      ...def.campos
        .filter((c) => c.lista)
        .map((c) => {
          const celula = celulas?.[c.nome] ?? celulaDoCampo(c);
          return {
            key: c.nome,
            dataIndex: c.nome,
            title: t(rotuloCampo(c)),
            sorter: !!c.ordenavel,
            align: c.tipo === 'dinheiro' ? ('right' as const) : undefined,
            render: (v: unknown, linha: Registro) => celula(v, linha),
          };
        }),
      ...(def.porOrganizacao
        ? [{ key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('crud:organizacao') }]
        : []),
    ],
    [def, celulas, t],
  );

  // Any registry: its rows are `Registro`s, which the answer types of every resource do not name.
  const lista = useListaRecurso({
    recurso: def.recurso as RecursoPaginado,
    acesso: def.acesso,
    filtros,
    colunas: colunas as never,
    // Rows shared from an organization above are read-only here (the server refuses them too).
    acoesDaLinha: { alteravel: (r) => !(r as Registro).somenteLeitura, largura: 150 },
    ordenacao: { campo: def.ordemPadrao },
    rotaForm: rotaFormBase(def),
    // The pages not yet on the hooks key a registry's reads under ['crud', recurso].
    invalidar: [['crud', def.recurso]],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista titulo={t(titulo)} lista={lista} />
      {filtros.length > 0 && <FiltrosDaLista lista={lista} />}
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table<Registro> {...(lista.tableProps as unknown as TableProps<Registro>)} />
    </Space>
  );
}
