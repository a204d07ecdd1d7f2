import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CAMPOS_PESSOA,
  FILHOS_PESSOA,
  type FORMAS_DESLIGAMENTO,
  type FORMAS_INTEGRACAO,
  type Integracao,
  type SITUACOES_MINISTERIAIS,
  type TIPOS_INTEGRACAO,
  type TIPOS_MINISTERIO,
} from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDataHora } from '../../platform/crud/celulas';
import { TabelaDaConsulta } from '../../platform/crud/TabelaDaConsulta';
import { ValorHistorico } from '../../platform/crud/ValorHistorico';
import { mensagemDeErro } from '../../platform/formulario';
import { ACESSO_MINISTRO, ROTA_CARREIRA, ROTA_FORM_MINISTRO } from './comum';
import { ACESSO_INTEGRACAO, ROTA_FORM_INTEGRACAO } from './IntegracaoFormPage';

/**
 * The integration and withdrawal records of a person, newest first, with the way to add one;
 * `somenteLeitura` (an anonymized person) only shows them.
 */
export function AbaIntegracao({ pessoaId, somenteLeitura = false }: { pessoaId: number; somenteLeitura?: boolean }) {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'pessoas']);
  const autorizacao = useAutorizacao();
  const pode: typeof autorizacao.pode = (acesso, acao) => !somenteLeitura && autorizacao.pode(acesso, acao);
  const navegar = useNavigate();
  const q = useQuery({
    queryKey: chaves('pessoa-integracao-desligamento').lista({ pessoaId }),
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/pessoa-integracao-desligamento/', { params: { query: { pessoaId } }, signal })),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="aba-integracao">
      <Typography.Text type="secondary">{t('pessoas:integracaoDica')}</Typography.Text>
      <TabelaDaConsulta<Integracao>
        consulta={q}
        linhas={q.data}
        rowKey="id"
        vazio={t('crud:semItens')}
        columns={[
          {
            key: 'data',
            dataIndex: 'data',
            title: t('campos:data'),
            render: celulaData,
          },
          {
            key: 'tipo',
            dataIndex: 'tipo',
            title: t('campos:tipo'),
            render: (v: (typeof TIPOS_INTEGRACAO)[number]) => t(`campos:opcao.tipo.${v}`),
          },
          {
            key: 'forma',
            dataIndex: 'forma',
            title: t('campos:forma'),
            render: (v: (typeof FORMAS_INTEGRACAO)[number] | (typeof FORMAS_DESLIGAMENTO)[number]) =>
              t(`campos:opcao.forma.${v}`),
          },
          { key: 'motivo', dataIndex: 'motivo', title: t('campos:motivo') },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, r: Integracao) => (
              <AcoesLinha
                aoEditar={pode(ACESSO_INTEGRACAO, 'U') ? () => navegar(`${ROTA_FORM_INTEGRACAO}/${r.id}`) : undefined}
              />
            ),
          },
        ]}
      />
      {pode(ACESSO_INTEGRACAO, 'C') && (
        <Button icon={<PlusOutlined />} onClick={() => navegar(`${ROTA_FORM_INTEGRACAO}?pessoaId=${pessoaId}`)}>
          {t('pessoas:registrarIntegracao')}
        </Button>
      )}
    </Space>
  );
}

type ItemHistorico = {
  id: number;
  operacao: string;
  campo: string | null;
  valorAnterior: unknown;
  valorNovo: unknown;
  usuarioNome: string | null;
  criadoEm: string;
};

const DECLARACOES_PESSOA = { campos: CAMPOS_PESSOA, filhos: FILHOS_PESSOA };

/** The update history tab (spec §2): who changed which field, when, from what to what. */
export function AbaHistorico({ pessoaId }: { pessoaId: number }) {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'pessoas']);
  const q = useQuery({
    queryKey: [...chaves('pessoa').item(pessoaId), 'historico'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/pessoa/{id}/historico', { params: { path: { id: pessoaId } }, signal })),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="aba-historico">
      <TabelaDaConsulta<ItemHistorico>
        consulta={q}
        linhas={q.data}
        rowKey="id"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        vazio={t('crud:semItens')}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('configuracoes:auditoria.dataHora'),
            render: celulaDataHora,
          },
          { key: 'usuarioNome', dataIndex: 'usuarioNome', title: t('configuracoes:auditoria.usuario') },
          {
            key: 'operacao',
            dataIndex: 'operacao',
            title: t('pessoas:historico.operacao'),
            render: (v: string) => t(`pessoas:historico.operacoes.${v}`, { defaultValue: v }),
          },
          {
            key: 'campo',
            dataIndex: 'campo',
            title: t('pessoas:historico.campo'),
            render: (v: string | null) => (v ? t(`campos:${v}`, { defaultValue: v }) : ''),
          },
          {
            key: 'antes',
            dataIndex: 'valorAnterior',
            title: t('pessoas:historico.antes'),
            render: (v: unknown, l) => <ValorHistorico campo={l.campo} valor={v} declaracoes={DECLARACOES_PESSOA} />,
          },
          {
            key: 'depois',
            dataIndex: 'valorNovo',
            title: t('pessoas:historico.depois'),
            render: (v: unknown, l) => <ValorHistorico campo={l.campo} valor={v} declaracoes={DECLARACOES_PESSOA} />,
          },
        ]}
      />
    </Space>
  );
}

type MinistroResumo = {
  id: number;
  tipoMinisterio?: string | null;
  situacaoMinisterial?: string | null;
  dataOrdenacao?: string | null;
  exames?: unknown[];
  termos?: unknown[];
};

/**
 * The minister data tab: the person's record of ordination, exams and terms, edited on its own
 * screen; `somenteLeitura` (an anonymized person) only shows it.
 */
export function AbaMinistro({ pessoaId, somenteLeitura = false }: { pessoaId: number; somenteLeitura?: boolean }) {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'pessoas']);
  const autorizacao = useAutorizacao();
  const pode: typeof autorizacao.pode = (acesso, acao) =>
    acao === 'R' ? autorizacao.pode(acesso, acao) : !somenteLeitura && autorizacao.pode(acesso, acao);
  const navegar = useNavigate();
  const q = useQuery({
    queryKey: chaves('pessoa-ministro').lista({ pessoaId }),
    queryFn: ({ signal }): Promise<MinistroResumo | null> =>
      dados(cliente.GET('/api/pessoa-ministro/', { params: { query: { pessoaId } }, signal })),
  });
  const m = q.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="aba-ministro">
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {m ? (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('campos:tipoMinisterio')}>
            {t(`campos:opcao.tipoMinisterio.${m.tipoMinisterio as (typeof TIPOS_MINISTERIO)[number]}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('campos:situacaoMinisterial')}>
            {t(`campos:opcao.situacaoMinisterial.${m.situacaoMinisterial as (typeof SITUACOES_MINISTERIAIS)[number]}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('campos:dataOrdenacao')}>{celulaData(m.dataOrdenacao) || '—'}</Descriptions.Item>
          <Descriptions.Item label={`${t('campos:exames')} / ${t('campos:termos')}`}>
            {`${m.exames?.length ?? 0} / ${m.termos?.length ?? 0}`}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        !q.isPending && <Typography.Text type="secondary">{t('pessoas:semDadosMinistro')}</Typography.Text>
      )}
      {m && (
        <Button
          icon={pode(ACESSO_MINISTRO, 'U') ? <EditOutlined /> : <EyeOutlined />}
          onClick={() => navegar(`${ROTA_FORM_MINISTRO}/${m.id}${pode(ACESSO_MINISTRO, 'U') ? '' : '/visualizacao'}`)}
        >
          {t(pode(ACESSO_MINISTRO, 'U') ? 'pessoas:editarDadosMinistro' : 'pessoas:verDadosMinistro')}
        </Button>
      )}
      {m && (
        <Button icon={<EyeOutlined />} onClick={() => navegar(`${ROTA_CARREIRA}/${m.id}`)}>
          {t('pessoas:carreira.verCarreira')}
        </Button>
      )}
      {!m && !q.isPending && pode(ACESSO_MINISTRO, 'C') && (
        <Button icon={<PlusOutlined />} onClick={() => navegar(`${ROTA_FORM_MINISTRO}?pessoaId=${pessoaId}`)}>
          {t('pessoas:cadastrarDadosMinistro')}
        </Button>
      )}
    </Space>
  );
}
