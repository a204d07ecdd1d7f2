import { PlusOutlined } from '@ant-design/icons';
import { type FilaAtendimento, STATUS_ATENDIMENTO, type StatusAtendimento } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaNumero } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { ComGlifo } from '../../platform/Glifo';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { COR_STATUS, caminhoEdicao, consultaOpcoes, FILAS, NS, useHubAtendimentos, useRegrasCampos } from './comum';

/**
 * One queue of service tickets (spec §2): search by protocol or subject, status, category and
 * period (this month unless another is asked, spec §9; over 30 days asks first, spec §5); server
 * paging and sort kept in the address; saved filters and views; export of the filtered set;
 * refreshed live through the hub.
 */
export default function AtendimentoListaPage({ fila }: { fila: FilaAtendimento }) {
  const { t, i18n } = useTranslation(NS);
  const { pode } = useAutorizacao();
  const regras = useRegrasCampos(fila);
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const config = FILAS[fila];
  useTitulo(`menu:acessos.${config.acesso}`);
  useHubAtendimentos(fila);

  // Each queue answers its own categories (no `/select`): the filter's options come from the page.
  const categorias = useQuery(consultaOpcoes(fila, 'categorias'));
  const filtros = useMemo<readonly FiltroLista[]>(
    () => [
      { tipo: 'texto', nome: 'busca', max: 200 },
      { tipo: 'opcao', nome: 'status', opcoes: STATUS_ATENDIMENTO, rotulos: 'atendimentos:status' },
      { tipo: 'escolha', nome: 'categoriaAtendimentoId', opcoes: categorias.data ?? [] },
      { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
    ],
    [categorias.data],
  );

  const voltar = { voltar: `?${params.toString()}` };
  const formato = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const lista = useListaRecurso({
    recurso: fila,
    acesso: config.acesso,
    filtros,
    colunas: [
      { key: 'protocolo', dataIndex: 'protocolo', title: t('atendimentos:coluna.protocolo'), sorter: true },
      { key: 'assunto', dataIndex: 'assunto', title: t('atendimentos:coluna.assunto'), sorter: true },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('atendimentos:coluna.status'),
        sorter: true,
        render: (v: StatusAtendimento) => <Tag color={COR_STATUS[v]}>{t(`atendimentos:status.${v}`)}</Tag>,
      },
      {
        key: 'categoria',
        dataIndex: 'categoriaNome',
        title: t('atendimentos:coluna.categoria'),
        render: (v: string, l) => <ComGlifo simbolo={l.categoriaIcone} texto={v} />,
      },
      { key: 'solicitante', dataIndex: 'solicitanteNome', title: t('atendimentos:coluna.solicitante') },
      ...(regras.oculto('responsavelUsuarioId')
        ? []
        : [{ key: 'responsavel', dataIndex: 'responsavelNome', title: t('atendimentos:coluna.responsavel') }]),
      { key: 'destino', dataIndex: 'organizacaoDestinoNome', title: t('atendimentos:coluna.organizacaoDestino') },
      { key: 'time', dataIndex: 'timeNome', title: t('atendimentos:coluna.time') },
      {
        key: 'criadoEm',
        dataIndex: 'criadoEm',
        title: t('atendimentos:coluna.criadoEm'),
        sorter: true,
        render: (v: string) => formato.format(new Date(v)),
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        width: 110,
        render: (_, r) => (
          <AcoesLinha
            aoVisualizar={() => navegar(caminhoEdicao(config, r.id, true), { state: voltar })}
            aoEditar={
              pode(config.acesso, 'U') ? () => navegar(caminhoEdicao(config, r.id), { state: voltar }) : undefined
            }
          />
        ),
      },
    ],
  });

  // Past 10,000 tickets the server stops counting: the total reads "10.000+".
  const exato = (lista.consulta.data as { totalExato?: boolean } | undefined)?.totalExato !== false;
  const paginacao = lista.tableProps.pagination || {};

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista
        titulo={t(`menu:acessos.${config.acesso}`)}
        lista={lista}
        extra={
          config.novo &&
          pode(config.acesso, 'C') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="novo"
              onClick={() => config.novo && navegar(config.novo, { state: voltar })}
            >
              {t('comum:novo')}
            </Button>
          )
        }
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table
        {...lista.tableProps}
        onRow={(r) => ({ 'data-testid': `atendimento-${r.protocolo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          ...paginacao,
          showTotal: (n: number) => t('comum:total', { n: `${celulaNumero(n)}${exato ? '' : '+'}` }),
        }}
      />
    </Space>
  );
}
