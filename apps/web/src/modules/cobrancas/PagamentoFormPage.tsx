import {
  CAMPOS_PAGAMENTO,
  type ContaAReceber,
  justificativaEstornoInput,
  type Pagamento,
  pagamentoInput,
} from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { celulaDinheiro } from '../../platform/crud/celulas';
import { dataParaTela, dinheiroParaTela } from '../../platform/crud/definicao';
import { Estorno } from '../../platform/crud/Estorno';
import { mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_PAGAMENTO, ROTA_FORM_PAGAMENTO, ROTA_LISTA_CONTA, STATUS_PAGAVEIS } from './comum';

const INVALIDAR = [chaves('pagamento').todas, chaves('conta-a-receber').todas, chaves('recibo').todas];

/** A payment already recorded: what was paid, and its reversal while it stands. */
function PagamentoRegistrado({ pagamento }: { pagamento: Pagamento }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum']);
  const { pode } = useAutorizacao();
  const [estornando, setEstornando] = useState(false);
  const estornar = useAcao({
    mutationFn: (justificativa: string) =>
      dados(
        cliente.POST('/api/pagamento/{id}/estorno', {
          params: { path: { id: pagamento.id } },
          body: { justificativa },
        }),
      ),
    meta: { erroTratado: true },
    invalidar: INVALIDAR,
    sucesso: t('cobrancas:pagamento.estornado'),
  });
  const data = (v: string) => dataParaTela(v, i18n.language);
  return (
    <Card>
      {pagamento.estornadoEm && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cobrancas:pagamento.estornadoEm', {
            data: data(pagamento.estornadoEm.slice(0, 10)),
            justificativa: pagamento.justificativaEstorno,
          })}
        />
      )}
      <Descriptions column={{ xs: 1, md: 2 }} data-testid="pagamento">
        <Descriptions.Item label={t('campos:titular')}>{pagamento.titularNome}</Descriptions.Item>
        <Descriptions.Item label={t('campos:valor')}>{celulaDinheiro(pagamento.valor)}</Descriptions.Item>
        <Descriptions.Item label={t('campos:forma')}>
          {t(`campos:opcao.formaPagamento.${pagamento.forma}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campos:dataPagamento')}>{data(pagamento.dataPagamento)}</Descriptions.Item>
        <Descriptions.Item label={t('campos:dataCredito')}>{data(pagamento.dataCredito)}</Descriptions.Item>
        {pagamento.observacao && (
          <Descriptions.Item label={t('campos:observacao')}>{pagamento.observacao}</Descriptions.Item>
        )}
      </Descriptions>
      {pagamento.recebidoNoProvedor && (
        <Typography.Paragraph>{t('cobrancas:pagamento.recebidoNoProvedor')}</Typography.Paragraph>
      )}
      {!pagamento.estornadoEm && pode(ACESSO_PAGAMENTO, 'D') && (
        <Button danger onClick={() => setEstornando(true)}>
          {t('cobrancas:pagamento.estornar')}
        </Button>
      )}
      <Estorno
        aberto={estornando}
        titulo={t('cobrancas:pagamento.estornar')}
        aviso={t('cobrancas:pagamento.estornarAviso')}
        esquema={justificativaEstornoInput}
        fechar={() => setEstornando(false)}
        estornar={estornar.mutateAsync}
      />
    </Card>
  );
}

/**
 * `/pagamento/form/:id?/:visualizacao?` (spec §2): without an id, records by hand the payment of
 * a receivable (chosen here, or passed as `?conta=`); with an id, shows that payment and offers
 * its reversal.
 */
export default function PagamentoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const [busca] = useSearchParams();
  useTitulo(`menu:acessos.${ACESSO_PAGAMENTO}`);
  const regras = regrasZod(pagamentoInput);
  // A payment is recorded, then only reversed: the form creates, the record is shown apart.
  const { form, formProps, saveButtonProps, id, semPermissao, consulta, sair } = useFormRecurso<Pagamento>({
    recurso: 'pagamento',
    acesso: ACESSO_PAGAMENTO,
    voltar: ROTA_LISTA_CONTA,
    mensagemSucesso: () => 'cobrancas:pagamento.registrado',
    invalidar: INVALIDAR,
    aposSalvar: (p) => `${ROTA_FORM_PAGAMENTO}/${p.id}/visualizacao`,
  });

  // The nearest due ones to choose from; the one the receivables list sent comes by id.
  const filtro = { status: STATUS_PAGAVEIS.join(','), quantidade: 100, ordenarPor: 'vencimento' };
  const daUrl = Number(busca.get('conta')) || undefined;
  const contas = useQuery({
    queryKey: chaves('conta-a-receber').lista(filtro),
    queryFn: ({ signal }) => recurso.pagina('conta-a-receber', filtro, signal),
    enabled: id === undefined,
  });
  const enviada = useQuery({
    queryKey: chaves('conta-a-receber').item(daUrl),
    queryFn: ({ signal }) => recurso.item('conta-a-receber', daUrl as number, signal),
    enabled: id === undefined && daUrl !== undefined,
  });
  const opcoes = [
    ...(enviada.data && STATUS_PAGAVEIS.includes(enviada.data.status) ? [enviada.data] : []),
    ...(contas.data?.itens ?? []).filter((c) => c.id !== daUrl),
  ] as ContaAReceber[];
  const contaId = Form.useWatch('contaAReceberId', form);
  const escolhida = opcoes.find((c) => c.id === contaId);
  useEffect(() => {
    if (daUrl && !form.getFieldValue('contaAReceberId')) form.setFieldValue('contaAReceberId', daUrl);
  }, [daUrl, form]);
  useEffect(() => {
    if (escolhida) form.setFieldValue('valor', escolhida.valorPrevisto);
  }, [escolhida, form]);

  if (semPermissao) return <Navigate to={ROTA_LISTA_CONTA} replace />;
  const hoje = dayjs().format('YYYY-MM-DD');
  const rotulo = (c: ContaAReceber) =>
    `${c.titularNome} · ${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia} · ${dinheiroParaTela(c.valorPrevisto, i18n.language)}`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(id === undefined ? 'cobrancas:pagamento.registrar' : `menu:acessos.${ACESSO_PAGAMENTO}`)}
      </Typography.Title>
      {id !== undefined ? (
        consulta.isError ? (
          <Alert type="error" showIcon title={mensagemDeErro(consulta.error)} />
        ) : (
          <Spin spinning={consulta.isPending}>
            {consulta.data && <PagamentoRegistrado pagamento={consulta.data} />}
          </Spin>
        )
      ) : (
        <Card>
          <Form
            {...formProps}
            name="pagamento"
            initialValues={{ forma: 'DINHEIRO', dataPagamento: hoje, dataCredito: hoje }}
            data-testid="form-pagamento"
          >
            <Form.Item
              name="contaAReceberId"
              label={t('cobrancas:pagamento.conta')}
              extra={t('cobrancas:pagamento.contaDica')}
              required
              rules={regras('contaAReceberId')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={contas.isFetching}
                options={opcoes.map((c) => ({ value: c.id, label: rotulo(c) }))}
              />
            </Form.Item>
            <CamposDeclarados
              campos={CAMPOS_PAGAMENTO}
              esquema={pagamentoInput}
              dependencias={{ dataCredito: ['dataPagamento'] }}
            />
          </Form>
          <Space wrap>
            <Button {...saveButtonProps}>{t('cobrancas:pagamento.registrar')}</Button>
            <Button onClick={sair}>{t('comum:voltar')}</Button>
          </Space>
        </Card>
      )}
    </Space>
  );
}
