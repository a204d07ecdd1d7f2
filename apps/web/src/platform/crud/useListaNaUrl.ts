import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { i18n } from '../i18n';
import { gravarQuantidade, lerQuantidade } from '../sessao';

const TAMANHOS = ['10', '20', '50', '100'];

/**
 * The state every paged list shares: page, sort and filters live in the address (so coming
 * back from a form restores the list), the page size in browser storage (spec §3
 * `quantidadeRegistrosPorPagina`). `propsTabela` wires an antd Table to it.
 */
export function useListaNaUrl(ordenaveis?: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const [quantidade, setQuantidade] = useState(lerQuantidade);
  const ordenarPor = params.get('ordenarPor') ?? undefined;
  const ordem: 'asc' | 'desc' = params.get('ordem') === 'desc' ? 'desc' : 'asc';

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

  const propsTabela = <T>(total: number | undefined) => ({
    pagination: {
      current: pagina,
      pageSize: quantidade,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: TAMANHOS,
      showTotal: (n: number) => i18n.t('comum:total', { n }),
    } satisfies TablePaginationConfig,
    onChange: (pag: TablePaginationConfig, _filtros: unknown, ordenacao: SorterResult<T> | SorterResult<T>[]) => {
      const s = Array.isArray(ordenacao) ? ordenacao[0] : ordenacao;
      const tamanho = pag.pageSize ?? quantidade;
      if (tamanho !== quantidade) {
        gravarQuantidade(tamanho);
        setQuantidade(tamanho);
      }
      const campo = s?.order ? String(s.columnKey ?? s.field) : undefined;
      const valido = campo && (!ordenaveis || ordenaveis.includes(campo)) ? campo : undefined;
      mudar({
        pagina: tamanho !== quantidade || (pag.current ?? 1) === 1 ? undefined : String(pag.current),
        ordenarPor: valido,
        ordem: valido && s?.order === 'descend' ? 'desc' : undefined,
      });
    },
  });

  /** The filters named `nomes` the address holds, absent or empty ones left out. */
  const filtrosDe = (nomes: readonly string[]): Record<string, string> =>
    Object.fromEntries(nomes.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));

  return { params, pagina, quantidade, ordenarPor, ordem, mudar, propsTabela, filtrosDe };
}

/** Deleting the last row of the last page leaves that page empty: step back to one with rows. */
export function usePaginaValida(lista: ReturnType<typeof useListaNaUrl>, total: number | undefined) {
  const { pagina, quantidade, mudar } = lista;
  const ultimaPagina = total === undefined ? pagina : Math.max(1, Math.ceil(total / quantidade));
  useEffect(() => {
    if (pagina > ultimaPagina) mudar({ pagina: ultimaPagina > 1 ? String(ultimaPagina) : undefined });
  }, [pagina, ultimaPagina, mudar]);
}
