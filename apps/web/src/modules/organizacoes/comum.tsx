import type { SelectOpcao } from '@sig/contracts';
import { CAMPOS_POR_ACESSO, type Organizacao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormItemProps } from 'antd';
import { Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMask } from 'react-imask';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';

export const ACESSO = 'Organizacao';
export const RECURSO = 'organizacao';
/** The settings screen's own route: the user's organization, under ConfiguracaoOrganizacao. */
export const URL_CONFIGURACAO = `${RECURSO}/configuracoes`;
export const ROTA_LISTA = '/organizacao';
export const ROTA_FORM = '/organizacao/form';
export const MASCARA_CNPJ = '00.000.000/0000-00';

export const caminhoFormOrganizacao = (id?: number, visualizar = false) =>
  id === undefined ? ROTA_FORM : `${ROTA_FORM}/${id}${visualizar ? '/visualizacao' : ''}`;

export const formatarCnpj = (v: string | null | undefined) =>
  v ? IMask.pipe(v, { mask: MASCARA_CNPJ } as Parameters<typeof IMask.pipe>[1]) : '';

export const vazioParaNulo = { normalize: (v: unknown) => (v === '' || v === undefined ? null : v) };

/** Dates travel as 'YYYY-MM-DD' and are edited with a DatePicker. */
export const propsData: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/**
 * Field rules of the profile on the organization screen (spec §6): hidden fields are not shown,
 * locked ones are disabled. A loaded record also tells which fields the server left out.
 */
export function useRegrasCampos(registro?: Organizacao) {
  const { autorizacao } = useAutorizacao();
  return useMemo(() => {
    const ocultos = new Set<string>();
    const bloqueados = new Set<string>();
    if (autorizacao && !autorizacao.administrador) {
      for (const c of autorizacao.campos) {
        if (c.acesso !== ACESSO) continue;
        if (c.visualizar === false) ocultos.add(c.campo);
        if (c.visualizar === false || c.atualizar === false) bloqueados.add(c.campo);
      }
    }
    if (registro) {
      for (const campo of CAMPOS_POR_ACESSO.Organizacao ?? []) {
        const chave = campo === 'tokenAsaas' ? 'tokenAsaasConfigurado' : campo;
        if (!Object.hasOwn(registro, chave)) {
          ocultos.add(campo);
          bloqueados.add(campo);
        }
      }
    }
    return { oculto: (c: string) => ocultos.has(c), bloqueado: (c: string) => bloqueados.has(c), bloqueados };
  }, [autorizacao, registro]);
}

/**
 * A remote select over GET /api/<recurso>/select for resources outside the registry engine
 * (organization, profile); the current label can be given when it is known.
 */
export function SelectRemoto({
  recurso,
  value,
  onChange,
  rotuloAtual,
  ...resto
}: {
  recurso: string;
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  rotuloAtual?: string | null;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation(['comum', 'crud']);
  const [busca, setBusca] = useState('');
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTermo(busca.trim()), 300);
    return () => clearTimeout(h);
  }, [busca]);
  const q = useQuery({
    queryKey: [recurso, 'select', termo],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>(`${recurso}/select`, { busca: termo }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });
  const opcoes = useMemo(() => {
    const lista = q.data ?? [];
    if (typeof value === 'number' && rotuloAtual && !lista.some((o) => o.value === value))
      return [{ value, label: rotuloAtual }, ...lista];
    return lista;
  }, [q.data, value, rotuloAtual]);
  return (
    <Select<number>
      {...resto}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={opcoes}
      loading={q.isFetching}
      showSearch={{ filterOption: false, onSearch: setBusca }}
      notFoundContent={q.isFetching ? t('comum:app.carregando') : t('crud:semOpcoes')}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}
