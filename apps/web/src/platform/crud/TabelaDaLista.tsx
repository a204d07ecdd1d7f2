import { Alert, Button, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api';
import { mensagemDeErro } from '../formulario';
import type { useListaNaUrl } from './useListaNaUrl';

/** What a list page's query gives the table: a page of rows and the total, while loading or not. */
type ConsultaDaLista<T> = {
  data?: { itens: T[]; total?: number };
  isFetching: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * The table every paged list shows: its page of rows, the "no results" text, horizontal scroll,
 * and paging and sorting wired to the address (`useListaNaUrl`). A list that pages its own way
 * (a capped total) passes `pagination` and `onChange` over these.
 */
export function TabelaDaLista<T extends object>({
  consulta,
  lista,
  ...props
}: { consulta: ConsultaDaLista<T>; lista: ReturnType<typeof useListaNaUrl> } & TableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      loading={consulta.isFetching}
      dataSource={consulta.isError ? [] : (consulta.data?.itens ?? [])}
      locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
      scroll={{ x: 'max-content' }}
      {...lista.propsTabela<T>(consulta.data?.total, t)}
      {...props}
    />
  );
}

/**
 * A list's failed search, above its table. Field errors of the filters are shown on the filter
 * form's fields instead, where the page puts them (`camposNoFormulario`).
 */
export function ErroDaLista({ erro, camposNoFormulario = false }: { erro: unknown; camposNoFormulario?: boolean }) {
  const { t } = useTranslation();
  if (!erro || (camposNoFormulario && erro instanceof ApiError && erro.campos.length)) return null;
  return <Alert type="error" showIcon title={mensagemDeErro(erro, t)} />;
}

/** The filter form's search (submit) and clear buttons. */
export function BotoesDeBusca({ limpar }: { limpar: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('comum.buscar')}
      </Button>
      <Button onClick={limpar}>{t('comum.limpar')}</Button>
    </Space>
  );
}
