import { type AcessoId, PERIODO_CONFIRMACAO_DIAS, QUANTIDADE_MAXIMA } from '@sig/contracts';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { App, Form, type FormInstance, type FormProps, Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAutorizacao } from './autorizacao';
import { chaves, cliente, dados, type PaginaDe, type RecursoComId, type RecursoPaginado, recurso } from './cliente';
import { AcoesLinha } from './crud/AcoesLinha';
import { SEGMENTO_VISUALIZACAO } from './crud/definicao';
import { consultaFiltrosSalvos, type Filtros } from './crud/FiltrosSalvos';
import {
  diasDoMaiorPeriodo,
  type FiltroLista,
  padroesDosFiltros,
  parametrosDe,
  urlDosValores,
  valoresDaUrl,
} from './crud/filtros';
import { mensagemDeErro } from './formulario';
import { useLayoutDosFiltros } from './layoutFiltros';
import { gravarQuantidade, lerQuantidade } from './sessao';

/** A row of a resource's list. */
export type Linha<R extends RecursoPaginado> = PaginaDe<R> extends { itens: (infer L extends object)[] } ? L : never;
type Totais<R extends RecursoPaginado> = PaginaDe<R> extends { totais: infer T } ? T : undefined;

/** A column of a list: antd's, with the key the sort, the saved views and the totals row name it by. */
export type ColunaLista<L> = ColumnType<L> & {
  key: string;
  /** How the column's total is written in the totals row (when the API answers one under this key). */
  total?: (valor: never) => ReactNode;
};

export type OpcoesListaRecurso<R extends RecursoPaginado> = {
  /** The API resource: GET `<recurso>/paginado`, `<recurso>/exportar`, DELETE `<recurso>/:id`; its query keys. */
  recurso: R;
  /** The screen: its saved filters and views, and L/U/D for the row actions. */
  acesso: AcessoId;
  filtros?: readonly FiltroLista[];
  /** The list's columns; the chosen saved view keeps some of them (the actions column always stays). */
  colunas: readonly ColunaLista<Linha<R>>[];
  /** The order before the user sorts by a column (a sortable column has `sorter: true`). */
  ordenacao?: { campo?: string; ordem?: 'asc' | 'desc' };
  /** The form's route (`/x/form`): view, edit and new go there, back to this list with its filters. */
  rotaForm?: string;
  /** What New does instead of opening the form: the page's own dialog (a gifts test, an accounting period). */
  aoNovo?: () => void;
  /**
   * The row actions' column, after the others (view, edit and delete as the profile may; a row
   * `alteravel` says no to is only viewed); `largura`: its width.
   */
  acoesDaLinha?: { alteravel?: (linha: Linha<R>) => boolean; largura?: number };
  /** Query parameters every request of the list carries (not filters the user changes). */
  fixos?: Record<string, string>;
  /** Whether the list offers CSV/XLSX of the filtered set (GET `<recurso>/exportar`); default yes. */
  exportavel?: boolean;
  /** The export's path under the resource when `/exportar` is another file (the ledger's accounting file). */
  rotaExportacao?: `/${string}`;
  /** The formats the export answers (default both). */
  formatos?: readonly FormatoExportacao[];
  /** A row's key when the rows have no `id` (a report's lines). */
  chave?: (linha: Linha<R>) => string;
  /** Reads without the page's loading flag (a list the hub refreshes while the user looks at it). */
  discreto?: boolean;
  /** Other resources a delete changes (the ledger a worship offering posted to). */
  invalidar?: readonly QueryKey[];
};

export type FormatoExportacao = 'csv' | 'xlsx';
const FORMATOS: readonly FormatoExportacao[] = ['csv', 'xlsx'];

/** The address parameters the hook keeps besides the filters. */
const PAGINA = 'pagina';
const QUANTIDADE = 'quantidade';
const ORDENAR = 'ordenarPor';
const ORDEM = 'ordem';
/** The chosen saved view; `0` for all columns even when a default view exists. */
const VISAO = 'visao';
const TAMANHOS = ['10', '20', '50', '100'];
const SEM_FILTROS: readonly FiltroLista[] = [];

/** A filter's value as the address keeps it; none for a blank one. */
const textoDoFiltro = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

type Visualizacao = { id: number; nome: string; colunas: string[]; padrao: boolean };

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/**
 * A list page's data half (refine's `useTable`, our own): the declared filters, the page, its size
 * and the sort live in the address (so a link or a return from the form restores the list); the
 * page size is also kept per browser (spec §3 `quantidadeRegistrosPorPagina`, 10 by default, §9).
 * On opening without filters in the address, the screen's default saved filter applies, or else
 * the declared defaults (spec §9: the month's period). A search checks the period (§5: from before
 * to) and asks before one longer than 30 days (§5/§8). The user's saved views of the screen pick
 * the columns. Export downloads the filtered set, delete confirms (in the row's actions) and
 * refreshes every view of the resource, and the API's totals become the table's last row.
 *
 * The page lays out `<Form {...searchFormProps}>` (or `<FiltrosDaLista lista={…} />`) and
 * `<Table {...tableProps} />`.
 */
export function useListaRecurso<R extends RecursoPaginado>(o: OpcoesListaRecurso<R>) {
  type L = Linha<R>;
  const { t } = useTranslation(['comum', 'crud', 'erros']);
  const { message, modal } = App.useApp();
  const layoutFiltros = useLayoutDosFiltros();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Record<string, unknown>>();
  const filtros = o.filtros ?? SEM_FILTROS;
  const nomesFiltros = useMemo(() => filtros.flatMap(parametrosDe), [filtros]);

  const mudar = useCallback(
    (novos: Record<string, string | undefined>) =>
      setParams(
        (atual) => {
          const p = new URLSearchParams(atual);
          for (const [k, v] of Object.entries(novos)) {
            if (v === undefined || v === '') p.delete(k);
            else p.set(k, v);
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Paging and sort.
  const pagina = Math.max(1, Number(params.get(PAGINA)) || 1);
  const quantidade = Math.min(QUANTIDADE_MAXIMA, Math.max(1, Number(params.get(QUANTIDADE)) || lerQuantidade()));
  const ordenarPor = params.get(ORDENAR) ?? o.ordenacao?.campo;
  const ordem: 'asc' | 'desc' = (params.get(ORDEM) ?? o.ordenacao?.ordem) === 'desc' ? 'desc' : 'asc';

  // The address's text of each declared filter, as a stable key (the filters change when a value does).
  const chaveDe = useCallback(
    (f: Record<string, unknown>) =>
      JSON.stringify(nomesFiltros.flatMap((n) => (textoDoFiltro(f[n]) === undefined ? [] : [[n, String(f[n])]]))),
    [nomesFiltros],
  );
  const chaveFiltros = chaveDe(Object.fromEntries(params));
  const daUrl = useMemo<Filtros>(() => Object.fromEntries(JSON.parse(chaveFiltros)), [chaveFiltros]);

  /** Puts filters in the address: the text of each declared filter they hold, the others cleared. */
  const porNaUrl = useCallback(
    (f: Record<string, unknown>) =>
      mudar({ [PAGINA]: undefined, ...Object.fromEntries(nomesFiltros.map((n) => [n, textoDoFiltro(f[n])])) }),
    [mudar, nomesFiltros],
  );

  // A reference filter declared to open on its select's first option: that option, once read.
  const primeiras = useQueries({
    queries: filtros.flatMap((f) =>
      f.tipo === 'referencia' && f.padrao === 'primeira'
        ? [
            {
              queryKey: chaves(f.referencia).select(),
              queryFn: ({ signal }: { signal: AbortSignal }) => recurso.opcoes(f.referencia, { busca: '' }, signal),
              staleTime: 60_000,
              select: (opcoes: { value: number }[]) => [f.nome, opcoes[0]?.value] as const,
            },
          ]
        : [],
    ),
  });
  const primeirasLidas = primeiras.every((q) => !q.isPending);
  const chavePrimeiras = JSON.stringify(primeiras.map((q) => q.data));
  /** The declared defaults: the month's period, the first option of a reference. */
  const padroes = useMemo(() => {
    const url = padroesDosFiltros(filtros);
    for (const par of JSON.parse(chavePrimeiras) as ([string, number | undefined] | null)[])
      if (par?.[1] !== undefined) url[par[0]] = String(par[1]);
    return url;
  }, [filtros, chavePrimeiras]);

  // Opening: the address's filters, else the default saved filter, else the declared defaults. The
  // list asks with those chosen at once, while the address (a navigation) catches up.
  const [semFiltrosIniciais] = useState(() => chaveFiltros === '[]');
  const salvos = useQuery(consultaFiltrosSalvos(o.acesso));
  const [abertura, setAbertura] = useState<Filtros | null>(semFiltrosIniciais ? null : daUrl);
  const [alcancada, setAlcancada] = useState(!semFiltrosIniciais);
  const [salvoAplicado, setSalvoAplicado] = useState<number | null>(null);
  useEffect(() => {
    if (abertura !== null || salvos.isPending || !primeirasLidas) return;
    const padrao = salvos.data?.find((f) => f.padrao);
    const escolhidos: Record<string, unknown> = padrao ? padrao.filtros : padroes;
    const texto = Object.fromEntries(JSON.parse(chaveDe(escolhidos))) as Filtros;
    if (padrao) setSalvoAplicado(padrao.id);
    setAbertura(texto);
    if (Object.keys(texto).length) porNaUrl(texto);
    else setAlcancada(true);
  }, [abertura, salvos.isPending, salvos.data, primeirasLidas, padroes, chaveDe, porNaUrl]);
  useEffect(() => {
    if (!alcancada && abertura && chaveFiltros === chaveDe(abertura)) setAlcancada(true);
  }, [alcancada, abertura, chaveFiltros, chaveDe]);
  const aberta = abertura !== null;
  /** The filters in force: the address's (the chosen ones until it shows them). */
  const atuais = alcancada || !abertura ? daUrl : abertura;

  // The filter form follows the filters in force (a saved filter, the back button, a return from the form).
  useEffect(() => {
    form.setFieldsValue(valoresDaUrl(filtros, atuais));
  }, [atuais, filtros, form]);

  const aplicar = useCallback(
    (valores: Record<string, unknown>) => mudar({ [PAGINA]: undefined, ...urlDosValores(filtros, valores) }),
    [filtros, mudar],
  );
  const buscar = (valores: Record<string, unknown>) => {
    const dias = diasDoMaiorPeriodo(filtros, valores);
    if (dias <= PERIODO_CONFIRMACAO_DIAS) return aplicar(valores);
    modal.confirm({
      title: t('comum:indicadores.periodoLongo', { dias: PERIODO_CONFIRMACAO_DIAS }),
      okText: t('comum:buscar'),
      cancelText: t('comum:cancelar'),
      onOk: () => aplicar(valores),
    });
  };
  const limpar = () => {
    form.resetFields();
    mudar({ [PAGINA]: undefined, ...Object.fromEntries(nomesFiltros.map((n) => [n, padroes[n]])) });
  };

  // The query: the address's filters are the API's query.
  const consulta = useMemo(
    () => ({
      pagina,
      quantidade,
      ...(ordenarPor ? { ordenarPor, ordem } : { ordem }),
      ...o.fixos,
      ...atuais,
    }),
    [pagina, quantidade, ordenarPor, ordem, o.fixos, atuais],
  );
  const chave = chaves(o.recurso);
  const q = useQuery({
    queryKey: chave.lista(consulta),
    queryFn: ({ signal }) => recurso.pagina(o.recurso, consulta, signal, o.discreto),
    placeholderData: keepPreviousData,
    enabled: aberta,
    retry: false,
  });
  const total = q.data?.total;
  const exato = (q.data as { totalExato?: boolean } | undefined)?.totalExato !== false;

  // Deleting the last row of the last page leaves it empty: step back to one with rows.
  const ultimaPagina = total === undefined ? pagina : Math.max(1, Math.ceil(total / quantidade));
  useEffect(() => {
    if (pagina > ultimaPagina) mudar({ [PAGINA]: ultimaPagina > 1 ? String(ultimaPagina) : undefined });
  }, [pagina, ultimaPagina, mudar]);

  // Saved views of the screen (the registry /visualizacao): the chosen one, or the default, picks the columns.
  const podeVisoes = pode('Visualizacoes', 'L');
  const visoes = useQuery({
    queryKey: [...chaves('visualizacao').listas(), o.acesso],
    queryFn: async ({ signal }): Promise<Visualizacao[]> => {
      const r = await dados(
        cliente.GET('/api/visualizacao/paginado', {
          params: { query: { tela: o.acesso, ativo: 'true', quantidade: 100, ordenarPor: 'nome' } },
          signal,
        }),
      );
      return r.itens.map((v) => ({
        id: v.id,
        nome: v.nome ?? '',
        padrao: !!v.padrao,
        colunas: (v.colunas ?? '')
          .split(/[,;\n]/)
          .map(normalizar)
          .filter(Boolean),
      }));
    },
    enabled: podeVisoes,
    staleTime: 60_000,
    retry: false,
  });
  const pedida = params.get(VISAO);
  const visao =
    pedida === '0'
      ? undefined
      : pedida
        ? visoes.data?.find((v) => String(v.id) === pedida)
        : visoes.data?.find((v) => v.padrao);

  const podeEditar = pode(o.acesso, 'U');
  const podeExcluir = pode(o.acesso, 'D');

  const excluir = useMutation({
    mutationFn: (id: number) => recurso.excluir(o.recurso as RecursoComId, id),
    onSuccess: async () => {
      void message.success(t('comum:excluidoComSucesso'));
      await Promise.all([chave.todas, ...(o.invalidar ?? [])].map((k) => qc.invalidateQueries({ queryKey: k })));
    },
  });

  const [exportando, setExportando] = useState(false);
  const exportar = async (formato: FormatoExportacao) => {
    setExportando(true);
    try {
      const { pagina: _p, quantidade: _q, ...filtrado } = consulta;
      await recurso.exportar(o.recurso as Parameters<typeof recurso.exportar>[0], filtrado, formato, o.rotaExportacao);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    } finally {
      setExportando(false);
    }
  };

  // The actions column reads the row actions as they are at each render (the filters they go back to).
  const { acoesDaLinha } = o;
  const declaradas: readonly ColunaLista<L>[] = acoesDaLinha
    ? [
        ...o.colunas,
        {
          key: 'acoes',
          title: t('comum:acoes'),
          width: acoesDaLinha.largura,
          render: (_: unknown, linha: L) => {
            const alteravel = acoesDaLinha.alteravel?.(linha) ?? true;
            return <AcoesLinha {...acoes(linha as { id: number }, { editavel: alteravel, excluivel: alteravel })} />;
          },
        },
      ]
    : o.colunas;
  // Columns: the view's choice (by key or by title, accents and case aside), the sort from the address.
  const colunas = useMemo(() => {
    const escolhidas = visao?.colunas.length
      ? declaradas.filter(
          (c) =>
            c.key === 'acoes' ||
            visao.colunas.includes(normalizar(c.key)) ||
            (typeof c.title === 'string' && visao.colunas.includes(normalizar(c.title))),
        )
      : declaradas;
    // A view naming none of the columns shows them all rather than an empty table.
    const visiveis = escolhidas.some((c) => c.key !== 'acoes') ? escolhidas : declaradas;
    return visiveis.map((c) => ({
      ...c,
      // The row's actions stay in sight while a wide table scrolls inside its card.
      ...(c.key === 'acoes' ? { fixed: 'right' as const } : {}),
      sortOrder: c.sorter ? (ordenarPor === c.key ? (ordem === 'desc' ? 'descend' : 'ascend') : null) : undefined,
    })) as ColunaLista<L>[];
  }, [declaradas, visao, ordenarPor, ordem]);

  const totais = (q.data as { totais?: Record<string, unknown> } | undefined)?.totais;
  const resumo = totais
    ? () => (
        <Table.Summary fixed>
          <Table.Summary.Row data-testid="totais">
            {colunas.map((c, i) => {
              const v = totais[c.key];
              return (
                <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                  {i === 0 && v === undefined ? <strong>{t('crud:total')}</strong> : null}
                  {v === undefined ? null : <strong>{c.total ? c.total(v as never) : String(v)}</strong>}
                </Table.Summary.Cell>
              );
            })}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;

  const tableProps: TableProps<L> = {
    rowKey: o.chave ?? 'id',
    columns: colunas,
    dataSource: q.isError ? [] : ((q.data?.itens ?? []) as L[]),
    loading: q.isFetching,
    // An empty list says what to do next: other filters, or a new record where the user may add one.
    locale: {
      emptyText: (
        <>
          <div>{t('erros:NENHUM_RESULTADO')}</div>
          {o.rotaForm && pode(o.acesso, 'C') && <div>{t('crud:vazioNovo')}</div>}
        </>
      ),
    },
    scroll: { x: 'max-content' },
    summary: resumo,
    pagination: {
      current: pagina,
      pageSize: quantidade,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: TAMANHOS,
      // Past its cap the server stops counting (`totalExato` false): the total reads "100+".
      showTotal: (n: number) => t('comum:total', { n: exato ? n : `${n}+` }),
    },
    onChange: (pag, _filtros, ordenacao) => {
      const s = (Array.isArray(ordenacao) ? ordenacao[0] : ordenacao) as SorterResult<L> | undefined;
      const tamanho = pag.pageSize ?? quantidade;
      if (tamanho !== quantidade) gravarQuantidade(tamanho);
      const campo = s?.order ? String(s.columnKey ?? s.field) : undefined;
      mudar({
        [PAGINA]: tamanho !== quantidade || (pag.current ?? 1) === 1 ? undefined : String(pag.current),
        // A size the user picks goes in the address too (a link keeps it); otherwise the stored one applies.
        [QUANTIDADE]: tamanho !== quantidade ? String(tamanho) : (params.get(QUANTIDADE) ?? undefined),
        [ORDENAR]: campo,
        [ORDEM]: campo ? (s?.order === 'descend' ? 'desc' : 'asc') : undefined,
      });
    },
  };

  const searchFormProps: FormProps<Record<string, unknown>> & { form: FormInstance<Record<string, unknown>> } = {
    form,
    name: `filtros-${o.recurso}`,
    layout: layoutFiltros,
    onFinish: buscar,
    style: { rowGap: 12 },
  };

  /** Where the form goes back to: this list with its filters and page. */
  const voltar = { voltar: `?${params.toString()}` };
  /** The row actions (AcoesLinha's props): view always, edit and delete by permission and the row's state. */
  const acoes = (linha: { id: number }, estado: { editavel?: boolean; excluivel?: boolean } = {}) => ({
    aoVisualizar: o.rotaForm
      ? () => navegar(`${o.rotaForm}/${linha.id}/${SEGMENTO_VISUALIZACAO}`, { state: voltar })
      : undefined,
    aoEditar:
      o.rotaForm && podeEditar && estado.editavel !== false
        ? () => navegar(`${o.rotaForm}/${linha.id}`, { state: voltar })
        : undefined,
    aoExcluir: podeExcluir && estado.excluivel !== false ? () => excluir.mutate(linha.id) : undefined,
  });

  return {
    searchFormProps,
    tableProps,
    /** The list's query (its error shows above the table: `ErroDaLista`). */
    consulta: q,
    filtros,
    /** The filters in force, as the address (and the API) has them. */
    atuais,
    buscar,
    limpar,
    exportavel: o.exportavel !== false,
    formatos: o.formatos ?? FORMATOS,
    exportar,
    exportando,
    excluir: (id: number) => excluir.mutate(id),
    excluindo: excluir.isPending,
    acoes,
    podeCriar: !!(o.rotaForm || o.aoNovo) && pode(o.acesso, 'C'),
    novo: () => (o.aoNovo ? o.aoNovo() : o.rotaForm && navegar(o.rotaForm, { state: voltar })),
    totais: totais as Totais<R> | undefined,
    /** Props of `<FiltrosSalvos>`: the saved filters of this screen over the filters in force. */
    filtrosSalvos: {
      acesso: o.acesso,
      atuais,
      aplicar: porNaUrl,
      // The hook applied the default on opening; the control only shows it.
      semFiltrosIniciais: false,
      aplicado: salvoAplicado,
    },
    /** The screen's saved views, the one in force, and the choice (`null`: all columns). */
    visualizacoes: {
      opcoes: visoes.data ?? [],
      escolhida: visao?.id ?? null,
      escolher: (id: number | null) => mudar({ [VISAO]: id === null ? '0' : String(id) }),
    },
    pagina,
    quantidade,
    ordenarPor,
    ordem,
  } as const;
}
