import {
  ACESSO_ARRENDATARIO,
  type Arrendatario,
  arrendatarioInput,
  CAMPOS_ARRENDATARIO,
  CAMPOS_CONVERSAO,
  CAMPOS_ENCERRAMENTO,
  CAMPOS_RENOVACAO,
  CAMPOS_SUCESSAO,
  conversaoInput,
  encerramentoInput,
  hojeNoBrasil,
  renovacaoInput,
  sucessaoInput,
} from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { celulaData, celulaDataHora, celulaDinheiro } from '../../platform/crud/celulas';
import { valoresIniciais } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { TabelaDaConsulta } from '../../platform/crud/TabelaDaConsulta';
import { ValorHistorico } from '../../platform/crud/ValorHistorico';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { CORES_ESTADO_CONCESSAO, ROTA_LISTA_ARRENDATARIO } from './comum';

type Acao = 'renovar' | 'converter' | 'encerrar' | 'suceder';

/**
 * `/arrendatario/form/:id?/:visualizacao?`: the concession of a plot to a person of the registry;
 * the server refuses a plot already granted (spec §3 lease holder). Its life cycle moves by its
 * own actions — renewal, conversion of a temporary one to perpetual, closing — each kept in the
 * record's history, shown under the form.
 */
export default function ArrendatarioFormPage() {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const [acao, setAcao] = useState<Acao | null>(null);
  useTitulo(`menu:acessos.${ACESSO_ARRENDATARIO}`);
  const f = useFormRecurso<Arrendatario>({
    recurso: 'arrendatario',
    acesso: ACESSO_ARRENDATARIO,
    voltar: ROTA_LISTA_ARRENDATARIO,
    // The plot's state in the cemetery's grid follows.
    invalidar: [chaves('cemiterio').todas],
  });
  const { formProps, id, semPermissao, registro } = f;
  if (semPermissao) return <Navigate to={ROTA_LISTA_ARRENDATARIO} replace />;
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO_ARRENDATARIO}`)}
      botoes={
        registro && !registro.encerradaEm && pode(ACESSO_ARRENDATARIO, 'U') ? (
          <Space wrap>
            {registro.tipoConcessao !== 'PERPETUA' && (
              <Button onClick={() => setAcao('renovar')}>{t('cemiterios:renovar')}</Button>
            )}
            {registro.tipoConcessao === 'TEMPORARIA' && (
              <Button onClick={() => setAcao('converter')}>{t('cemiterios:converterPerpetua')}</Button>
            )}
            <Button onClick={() => setAcao('suceder')}>{t('cemiterios:suceder')}</Button>
            {registro.falecidos === 0 && (
              <Button onClick={() => setAcao('encerrar')}>{t('cemiterios:encerrar')}</Button>
            )}
          </Space>
        ) : undefined
      }
    >
      {acao && registro && <AcaoDaConcessao acao={acao} arrendatarioId={registro.id} fechar={() => setAcao(null)} />}
      {registro && <Situacao registro={registro} />}
      <Form<Record<string, unknown>>
        {...formProps}
        name="arrendatario"
        initialValues={valoresIniciais(CAMPOS_ARRENDATARIO)}
        data-testid="form-arrendatario"
      >
        <CamposDeclarados
          campos={CAMPOS_ARRENDATARIO}
          esquema={arrendatarioInput}
          fixos={id === undefined ? {} : { tipoConcessao: t('cemiterios:fixo.tipoConcessao') }}
        />
      </Form>
      {registro && <Parcelas arrendatarioId={registro.id} />}
      {registro && <Historico arrendatarioId={registro.id} />}
    </PaginaDeFormulario>
  );
}

/** The concession's state in its life cycle, and what its conversion and closing recorded. */
function Situacao({ registro: r }: { registro: Arrendatario }) {
  const { t } = useTranslation(['campos', 'cemiterios']);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="situacao-concessao">
      <Descriptions.Item label={t('campos:estadoConcessao')}>
        <Tag style={{ backgroundColor: CORES_ESTADO_CONCESSAO[r.estadoConcessao] }}>
          {t(`cemiterios:estados.${r.estadoConcessao}`)}
        </Tag>
      </Descriptions.Item>
      {r.convertidaEm && (
        <Descriptions.Item label={t('campos:convertidaEm')}>{celulaData(r.convertidaEm)}</Descriptions.Item>
      )}
      {r.convertidaEm && (
        <Descriptions.Item label={t('campos:diferencaConversao')}>
          {celulaDinheiro(r.diferencaConversao)}
        </Descriptions.Item>
      )}
      {r.encerradaEm && (
        <Descriptions.Item label={t('campos:encerradaEm')}>{celulaData(r.encerradaEm)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The concession's installments (grant, renewals, conversion): each receivable and its state now. */
function Parcelas({ arrendatarioId }: { arrendatarioId: number }) {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud']);
  const q = useQuery({
    queryKey: [...chaves('arrendatario').item(arrendatarioId), 'parcelas'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/arrendatario/{id}/parcelas', { params: { path: { id: arrendatarioId } }, signal })),
  });
  type Linha = NonNullable<typeof q.data>[number];
  return (
    <Card size="small" title={t('cemiterios:parcelas')} style={{ marginTop: 16 }} data-testid="parcelas-concessao">
      <TabelaDaConsulta<Linha>
        consulta={q}
        linhas={q.data}
        rowKey="contaAReceberId"
        vazio={t('cemiterios:semParcelas')}
        columns={[
          {
            key: 'numero',
            title: t('cemiterios:parcelaNumero'),
            render: (_: unknown, l: Linha) => t('cemiterios:parcelaN', { numero: l.numero, de: l.de }),
          },
          {
            key: 'origem',
            dataIndex: 'origem',
            title: t('cemiterios:parcelaOrigem'),
            render: (v: Linha['origem']) => t(`cemiterios:origens.${v}`),
          },
          {
            key: 'vencimento',
            dataIndex: 'vencimento',
            title: t('cemiterios:parcelaVencimento'),
            render: celulaData,
          },
          {
            key: 'valorPrevisto',
            dataIndex: 'valorPrevisto',
            title: t('cemiterios:parcelaValor'),
            align: 'right',
            render: celulaDinheiro,
          },
          {
            key: 'valorPago',
            dataIndex: 'valorPago',
            title: t('cemiterios:parcelaPago'),
            align: 'right',
            render: celulaDinheiro,
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('cemiterios:parcelaSituacao'),
            render: (v: string) => t(`campos:opcao.statusContaAReceber.${v}`, { defaultValue: v }),
          },
        ]}
      />
    </Card>
  );
}

const DECLARACOES_HISTORICO = {
  campos: [...CAMPOS_ARRENDATARIO, ...CAMPOS_CONVERSAO, ...CAMPOS_ENCERRAMENTO, ...CAMPOS_SUCESSAO],
};

/** The change history of the concession (spec §2 update history): who changed what, when, from what to what. */
function Historico({ arrendatarioId }: { arrendatarioId: number }) {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud']);
  const q = useQuery({
    queryKey: [...chaves('arrendatario').item(arrendatarioId), 'historico'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/arrendatario/{id}/historico', { params: { path: { id: arrendatarioId } }, signal })),
  });
  type Linha = NonNullable<typeof q.data>[number];
  const valor = (v: unknown, l: Linha) => (
    <ValorHistorico campo={l.campo} valor={v} declaracoes={DECLARACOES_HISTORICO} />
  );
  return (
    <Card size="small" title={t('cemiterios:historico')} style={{ marginTop: 16 }} data-testid="historico-concessao">
      <TabelaDaConsulta<Linha>
        consulta={q}
        linhas={q.data}
        rowKey="id"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        vazio={t('crud:semItens')}
        columns={[
          { key: 'criadoEm', dataIndex: 'criadoEm', title: t('cemiterios:historicoQuando'), render: celulaDataHora },
          { key: 'usuarioNome', dataIndex: 'usuarioNome', title: t('cemiterios:historicoUsuario') },
          {
            key: 'operacao',
            dataIndex: 'operacao',
            title: t('cemiterios:historicoOperacao'),
            render: (v: string) => t(`cemiterios:operacoes.${v}`, { defaultValue: v }),
          },
          {
            key: 'campo',
            dataIndex: 'campo',
            title: t('cemiterios:historicoCampo'),
            render: (v: string | null) => (v ? t(`campos:${v}`, { defaultValue: v }) : ''),
          },
          { key: 'antes', dataIndex: 'valorAnterior', title: t('cemiterios:historicoAntes'), render: valor },
          { key: 'depois', dataIndex: 'valorNovo', title: t('cemiterios:historicoDepois'), render: valor },
        ]}
      />
    </Card>
  );
}

const ACOES = {
  renovar: {
    caminho: '/api/arrendatario/{id}/renovar',
    campos: CAMPOS_RENOVACAO,
    esquema: renovacaoInput,
    titulo: 'cemiterios:renovarConcessao',
    ok: 'comum:salvar',
    nome: 'renovacao',
  },
  converter: {
    caminho: '/api/arrendatario/{id}/converter-perpetua',
    campos: CAMPOS_CONVERSAO,
    esquema: conversaoInput,
    titulo: 'cemiterios:converterConcessao',
    ok: 'cemiterios:converterPerpetua',
    nome: 'conversao',
  },
  encerrar: {
    caminho: '/api/arrendatario/{id}/encerrar',
    campos: CAMPOS_ENCERRAMENTO,
    esquema: encerramentoInput,
    titulo: 'cemiterios:encerrarConcessao',
    ok: 'cemiterios:encerrar',
    nome: 'encerramento',
  },
  suceder: {
    caminho: '/api/arrendatario/{id}/suceder',
    // The heir is chosen among the holder's relatives, in its own select above the date.
    campos: CAMPOS_SUCESSAO.filter((c) => c.nome !== 'herdeiroId'),
    esquema: sucessaoInput,
    titulo: 'cemiterios:sucederConcessao',
    ok: 'comum:salvar',
    nome: 'sucessao',
  },
} as const;

/** The heir's select: the holder's living relatives from the registry's family links. */
function SelectHerdeiro({ arrendatarioId }: { arrendatarioId: number }) {
  const { t } = useTranslation(['campos', 'cemiterios', 'validacao']);
  const q = useQuery({
    queryKey: [...chaves('arrendatario').item(arrendatarioId), 'herdeiros'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/arrendatario/{id}/herdeiros', { params: { path: { id: arrendatarioId } }, signal })),
  });
  if (q.data && !q.data.length) return <Alert type="info" showIcon title={t('cemiterios:semHerdeiros')} />;
  return (
    <Form.Item
      name="herdeiroId"
      label={t('campos:herdeiroId')}
      rules={[{ required: true, message: t('validacao:obrigatorio', { campo: t('campos:herdeiroId') }) }]}
    >
      <Select
        loading={q.isFetching}
        options={(q.data ?? []).map((h) => ({ value: h.pessoaId, label: `${h.nome} (${h.grau})` }))}
      />
    </Form.Item>
  );
}

/**
 * A life-cycle action in a dialog: a renewal to a new "renewed until" (after the current one), the
 * conversion to perpetual (a day within the term and the difference paid; the dialog asks for the
 * confirmation in words, as it cannot be undone) or the closing; the server holds each rule.
 */
function AcaoDaConcessao({ acao, arrendatarioId, fechar }: { acao: Acao; arrendatarioId: number; fechar: () => void }) {
  const { t } = useTranslation(['cemiterios', 'comum']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const a = ACOES[acao];
  const enviar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(cliente.POST(a.caminho, { params: { path: { id: arrendatarioId } }, body: corpo as never })),
    onSuccess: async (r: Arrendatario) => {
      message.success(
        acao === 'renovar'
          ? t('cemiterios:renovada', { data: celulaData(r.renovadoAte) })
          : acao === 'suceder'
            ? t('cemiterios:sucedida', { nome: r.pessoaNome })
            : t(acao === 'converter' ? 'cemiterios:convertida' : 'cemiterios:encerrada'),
      );
      await qc.invalidateQueries({ queryKey: chaves('arrendatario').todas });
      await qc.invalidateQueries({ queryKey: chaves('cemiterio').todas });
      fechar();
    },
  });
  const hoje = hojeNoBrasil();
  return (
    <ModalDeFormulario
      titulo={t(a.titulo)}
      textoOk={t(a.ok)}
      perigo={acao === 'converter' || acao === 'encerrar'}
      form={form}
      enviando={enviar.isPending}
      fechar={fechar}
    >
      {acao === 'converter' && <Alert type="warning" showIcon title={t('cemiterios:confirmarConversao')} />}
      <Form<Record<string, unknown>>
        form={form}
        layout="vertical"
        name={a.nome}
        initialValues={acao === 'renovar' ? {} : { convertidaEm: hoje, encerradaEm: hoje, sucedidaEm: hoje }}
        onFinish={(v) => enviar.mutate(v)}
        data-testid={`form-${a.nome}`}
        style={{ marginTop: 12 }}
      >
        {acao === 'suceder' && <SelectHerdeiro arrendatarioId={arrendatarioId} />}
        <CamposDeclarados campos={a.campos} esquema={a.esquema} />
      </Form>
    </ModalDeFormulario>
  );
}
