import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, type FormInstance, Select, Space, Table, type TableProps, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api';
import { aplicarErrosServidor, mensagemDeErro } from '../formulario';
import type { useListaRecurso } from '../useListaRecurso';
import { FiltrosSalvos } from './FiltrosSalvos';
import { CamposDeFiltro } from './filtros';

/** What the list's parts read from `useListaRecurso` (whatever the resource). */
type Lista = Pick<
  ReturnType<typeof useListaRecurso>,
  | 'searchFormProps'
  | 'filtros'
  | 'limpar'
  | 'filtrosSalvos'
  | 'visualizacoes'
  | 'exportavel'
  | 'formatos'
  | 'exportar'
  | 'exportando'
  | 'podeCriar'
  | 'novo'
>;

/**
 * A list page's heading: the title, the export of the filtered set (CSV, XLSX) and "New" when the
 * profile may create. `extra`: the page's own buttons, before them.
 */
export function CabecalhoDaLista({
  titulo,
  lista,
  textoNovo,
  extra,
}: {
  titulo: string;
  lista: Lista;
  /** The New button's text (default `comum:novo`). */
  textoNovo?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['comum', 'crud']);
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {titulo}
      </Typography.Title>
      <Space wrap>
        {extra}
        {lista.exportavel &&
          lista.formatos.map((f) => (
            <Button
              key={f}
              icon={<DownloadOutlined />}
              loading={lista.exportando}
              onClick={() => void lista.exportar(f)}
            >
              {t(f === 'csv' ? 'crud:exportarCsv' : 'crud:exportarXlsx')}
            </Button>
          ))}
        {lista.podeCriar && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={lista.novo}>
            {textoNovo ?? t('comum:novo')}
          </Button>
        )}
      </Space>
    </Space>
  );
}

/** The screen's saved views (spec: /visualizacao), when it has any: the chosen one picks the columns. */
function SeletorVisualizacao({ visualizacoes }: { visualizacoes: Lista['visualizacoes'] }) {
  const { t } = useTranslation(['crud']);
  if (!visualizacoes.opcoes.length) return null;
  return (
    <Select<number>
      aria-label={t('crud:visualizacoes')}
      data-testid="visualizacoes"
      placeholder={t('crud:todasColunas')}
      style={{ minWidth: 200 }}
      allowClear
      value={visualizacoes.escolhida ?? undefined}
      options={visualizacoes.opcoes.map((v) => ({ value: v.id, label: v.nome }))}
      onChange={(id) => visualizacoes.escolher(id ?? null)}
    />
  );
}

/**
 * The filter bar every list shows alike: the declared filters (their controls by type), search
 * and clear (back to the declared defaults), the screen's saved filters and views. `children`:
 * the page's own filter items, after the declared ones.
 */
export function FiltrosDaLista({ lista, children }: { lista: Lista; children?: ReactNode }) {
  const { t } = useTranslation(['comum']);
  return (
    <Card
      size="small"
      title={t('comum:filtros')}
      data-testid="filtros"
      extra={
        <Space wrap>
          <SeletorVisualizacao visualizacoes={lista.visualizacoes} />
          <FiltrosSalvos {...lista.filtrosSalvos} />
        </Space>
      }
    >
      <Form {...lista.searchFormProps}>
        <CamposDeFiltro filtros={lista.filtros} />
        {children}
        <BotoesDeBusca limpar={lista.limpar} />
      </Form>
    </Card>
  );
}

/**
 * A list's failed search, above its table. Given the filter form, the server's field errors go on
 * its fields instead (a period ending before it starts, say).
 */
export function ErroDaLista({ erro, form }: { erro: unknown; form?: FormInstance }) {
  const nosCampos = !!form && erro instanceof ApiError && erro.campos.length > 0;
  useEffect(() => {
    if (form) aplicarErrosServidor(form, erro);
  }, [form, erro]);
  if (!erro || nosCampos) return null;
  return <Alert type="error" showIcon title={mensagemDeErro(erro)} />;
}

/** The filter form's search (submit) and clear buttons. */
export function BotoesDeBusca({ limpar }: { limpar: () => void }) {
  const { t } = useTranslation(['comum']);
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('comum:buscar')}
      </Button>
      <Button onClick={limpar}>{t('comum:limpar')}</Button>
    </Space>
  );
}

/**
 * A list page as every list lays it out: the heading (`titulo`, `textoNovo`, `extra` as in
 * CabecalhoDaLista), the filters, the failure, the table (`tabela`: what the page changes of its
 * props); `children` after the table (the page's dialogs).
 */
export function PaginaDaLista<T extends object>({
  titulo,
  lista,
  textoNovo,
  extra,
  tabela,
  children,
}: {
  titulo: string;
  lista: Lista & { consulta: { error: unknown }; tableProps: TableProps<T> };
  textoNovo?: string;
  extra?: ReactNode;
  tabela?: Partial<TableProps<T>>;
  children?: ReactNode;
}) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista titulo={titulo} lista={lista} textoNovo={textoNovo} extra={extra} />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table<T> {...lista.tableProps} size="small" {...tabela} />
      {children}
    </Space>
  );
}
