import { CalculatorOutlined } from '@ant-design/icons';
import { hojeNoBrasil, parametrosContasAReceberLote, TIPOS_CONTA_A_RECEBER } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Form, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { avisarErro } from '../../platform/aviso';
import { chaves, cliente, clienteDiscreto, dados } from '../../platform/cliente';
import { dinheiroParaTela } from '../../platform/crud/definicao';
import { BotoesDeEmissao, PaginaDeEmissao } from '../../platform/crud/PaginaDeEmissao';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CartaoPessoas, consultaFiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';
import { TabelaLotes } from '../processamento-lote/comum';
import { DetalheLote } from '../processamento-lote/ProcessamentoLoteFormPage';

const ACESSO = 'ContasAReceberLote';
const ROTA = '/contas-a-receber-lote/form';
const RECURSO = 'contas-a-receber-lote';

/** A competence month in the form is `YYYY-MM`; the picker works with dayjs. */
const propsMes = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(`${v}-01`) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM') : null),
};

const iniciais = () => {
  const ano = hojeNoBrasil().slice(0, 4);
  return {
    // Charging the dead or the departed is not what a treasurer means: active people unless changed.
    ...filtrosParaFormulario({ status: 'ATIVO' }),
    usarValorDaPessoa: true,
    tipo: 'CONTRIBUICAO',
    competenciaInicio: `${ano}-01`,
    competenciaFim: `${ano}-12`,
  };
};

/**
 * `/contas-a-receber-lote/form/:id?/:visualizacao?/:visualizar?` (spec §2): without an id, the
 * people (the people list's filters and/or chosen ones) and what to charge them, confirmed with a
 * preview of how many; with one, that batch followed live.
 */
export default function ContasAReceberLotePage() {
  const { i18n } = useTranslation(['campos', 'comum', 'lotes', 'menu']);
  const { id } = useParams();
  useTitulo(`menu:acessos.${ACESSO}`);
  if (id) return <DetalheLote id={Number(id)} idioma={i18n.language} recurso={RECURSO} voltar={ROTA} />;
  return <NovoLote />;
}

function NovoLote() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'lotes', 'menu']);
  const { message, modal } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const regra = regrasZod(parametrosContasAReceberLote);
  const valoresIniciais = useMemo(iniciais, []);
  const podeCriar = pode(ACESSO, 'C');

  const opcoes = useQuery({
    queryKey: [...chaves(RECURSO).todas, 'opcoes'],
    queryFn: ({ signal }) => dados(clienteDiscreto.GET('/api/contas-a-receber-lote/opcoes', { signal })),
    enabled: podeCriar,
  });

  const categoriaId = Form.useWatch('categoriaContribuicaoId', form) as number | null | undefined;
  const categoria = opcoes.data?.categorias.find((c) => c.value === categoriaId);
  const diaPadrao = categoria?.diaVencimento ?? opcoes.data?.organizacao.diaVencimentoContribuicao ?? null;

  const corpo = (v: Record<string, unknown>) => ({
    ...consultaFiltrosPessoa(v),
    pessoasIds: (v.pessoasIds as number[] | undefined)?.length ? v.pessoasIds : undefined,
    categoriaContribuicaoId: v.categoriaContribuicaoId ?? null,
    usarValorDaPessoa: v.usarValorDaPessoa,
    competenciaInicio: v.competenciaInicio,
    competenciaFim: v.competenciaFim,
    diaVencimento: v.diaVencimento ?? null,
    tipo: v.tipo,
  });

  const noForm = (e: unknown) => {
    if (!aplicarErrosServidor(form, e)) avisarErro(e);
  };
  const criar = useMutation({
    mutationFn: (corpoLote: ReturnType<typeof corpo>) =>
      dados(cliente.POST('/api/contas-a-receber-lote/', { body: corpoLote as never })),
    onSuccess: async (criado) => {
      await qc.invalidateQueries({ queryKey: chaves(RECURSO).todas });
      void message.success(t('lotes:contasCriado', { total: criado.total }));
      navegar(`${ROTA}/${criado.id}/visualizacao`);
    },
    onError: noForm,
  });

  // The preview's count is confirmed before anything is created.
  const conferir = useMutation({
    mutationFn: (corpoLote: ReturnType<typeof corpo>) =>
      dados(cliente.POST('/api/contas-a-receber-lote/previa', { body: corpoLote as never })),
    onSuccess: (p, corpoLote) => {
      if (!p.pessoas) return void message.warning(t('lotes:nenhumaPessoa'));
      const meses = p.competencias.map((c) => `${c.slice(5)}/${c.slice(0, 4)}`);
      modal.confirm({
        title: t('lotes:confirmarContasTitulo'),
        content: t('lotes:confirmarContas', {
          pessoas: p.pessoas.toLocaleString(i18n.language),
          contas: p.contas.toLocaleString(i18n.language),
          meses: meses.length,
          competencias: meses.join(', '),
          dia: p.diaVencimento,
        }),
        okText: t('lotes:confirmar'),
        cancelText: t('comum:cancelar'),
        onOk: () => criar.mutateAsync(corpoLote).catch(() => undefined),
      });
    },
    onError: noForm,
  });

  const col = { xs: 24, sm: 12, lg: 8 };
  return (
    <PaginaDeEmissao
      titulo={t(`menu:acessos.${ACESSO}`)}
      aviso={<Alert type="info" showIcon title={t('lotes:contasExplicacao')} />}
      form={podeCriar ? form : undefined}
      nome="contas-a-receber-lote"
      iniciais={valoresIniciais}
      aoEnviar={(v) => conferir.mutate(corpo(v))}
      depois={
        <Card size="small" title={t('lotes:lotesAnteriores')}>
          <TabelaLotes recurso={RECURSO} verEm={pode(ACESSO, 'R') ? (l) => `${ROTA}/${l.id}/visualizacao` : null} />
        </Card>
      }
    >
      <CartaoPessoas rotulo={t('lotes:pessoasContas')} dica={t('lotes:pessoasContasDica')} />
      <Card size="small" title={t('lotes:cobranca')} data-testid="cobranca">
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item
              name="categoriaContribuicaoId"
              label={t('campos:categoriaContribuicaoId')}
              rules={regra('categoriaContribuicaoId')}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={opcoes.isFetching}
                placeholder={t('lotes:semCategoria')}
                options={(opcoes.data?.categorias ?? []).map((c) => ({
                  value: c.value,
                  label: `${c.label} — ${dinheiroParaTela(c.valor, i18n.language)} (${t(
                    `campos:opcao.periodicidadeCobranca.${c.periodicidadeCobranca}`,
                  )})`,
                }))}
              />
            </Form.Item>
          </Col>
          {categoria && (
            <Col {...col}>
              <Form.Item name="usarValorDaPessoa" label={t('campos:usarValorDaPessoa')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
          <Col {...col}>
            <Form.Item name="tipo" label={t('campos:tipo')} rules={regra('tipo')}>
              <Select
                options={TIPOS_CONTA_A_RECEBER.map((v) => ({
                  value: v,
                  label: t(`campos:opcao.tipoContaAReceber.${v}`),
                }))}
              />
            </Form.Item>
          </Col>
          {(['competenciaInicio', 'competenciaFim'] as const).map((nome) => (
            <Col key={nome} {...col}>
              <Form.Item
                name={nome}
                label={t(`campos:${nome}`)}
                dependencies={nome === 'competenciaFim' ? ['competenciaInicio'] : undefined}
                rules={regra(nome)}
                {...propsMes}
              >
                <DatePicker picker="month" format="MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          <Col {...col}>
            <Form.Item
              name="diaVencimento"
              label={t('lotes:diaVencimento')}
              extra={diaPadrao ? t('lotes:diaPadrao', { dia: diaPadrao }) : t('lotes:diaSemPadrao')}
              rules={regra('diaVencimento')}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <BotoesDeEmissao limparDesabilitado={conferir.isPending}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CalculatorOutlined />}
            loading={conferir.isPending}
            data-testid="criar-lote"
          >
            {t('lotes:calcular')}
          </Button>
        </BotoesDeEmissao>
      </Card>
    </PaginaDeEmissao>
  );
}
