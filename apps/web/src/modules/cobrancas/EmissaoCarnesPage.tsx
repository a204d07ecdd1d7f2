import { PrinterOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { hojeNoBrasil, periodoCarne, TIPOS_PERIODO_CARNE } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { avisarErro } from '../../platform/aviso';
import { cliente, dados } from '../../platform/cliente';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { BotoesDeEmissao, PaginaDeEmissao } from '../../platform/crud/PaginaDeEmissao';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { EstadoDocumento, useGerarDocumento } from '../pessoas/EstadoDocumento';
import { CartaoPessoas, consultaFiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';
import { ROTA_LOTE, TabelaLotes } from '../processamento-lote/comum';

const ACESSO = 'Carnes';
/** Slips the immediate download takes (the server's LIMITE_IMEDIATO). */
const MAXIMO_IMEDIATO = 60;
const CHAVE_LOTES = 'emissao-carnes-lotes';
const INICIO = { nome: 'inicio', tipo: 'data' } as const;
const FIM = { nome: 'fim', tipo: 'data' } as const;
const ROTULO_TIPO = {
  vencimento: 'cobrancas:carnes.porVencimento',
  competencia: 'cobrancas:carnes.porCompetencia',
} as const;

const iniciais = () => {
  const hoje = hojeNoBrasil();
  return {
    ...filtrosParaFormulario({}),
    tipoPeriodo: 'vencimento',
    inicio: `${hoje.slice(0, 4)}-01-01`,
    fim: `${hoje.slice(0, 4)}-12-31`,
  };
};

/** The form's values as the API's booklet query (the same for the batch and the immediate download). */
const consultaCarne = (v: Record<string, unknown>) => ({
  ...consultaFiltrosPessoa(v),
  tipoPeriodo: v.tipoPeriodo as string,
  inicio: v.inicio as string,
  fim: v.fim as string,
  pessoasIds: (v.pessoasIds as number[] | undefined)?.join(',') || undefined,
});

/**
 * `/emissao-carnes` (spec §2): payment booklets of the people chosen with the people list's
 * filters (or one by one), for a due-date or competence period: one slip per open charge, with
 * its typed line, barcode and Pix code. Many people go through a batch followed live below the
 * form, whose PDF downloads when it ends; a few can be downloaded at once.
 */
export default function EmissaoCarnesPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const { estado, gerando, gerar } = useGerarDocumento(form, 'x-total-linhas');
  const regras = regrasZod(periodoCarne);
  const valoresIniciais = useMemo(iniciais, []);

  const criarLote = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      dados(cliente.POST('/api/emissao-carnes/lote', { body: consultaCarne(v) as never })),
    onSuccess: async (criado) => {
      await qc.invalidateQueries({ queryKey: [CHAVE_LOTES] });
      void message.success(t('cobrancas:carnes.criado', { total: criado.total }));
    },
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) avisarErro(e);
    },
  });
  const criando = criarLote.isPending;

  const baixarAgora = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await gerar('emissao-carnes', consultaCarne(v), 'carnes.pdf');
  };

  return (
    <PaginaDeEmissao
      titulo={t(`menu:acessos.${ACESSO}`)}
      aviso={<Alert type="info" showIcon title={t('cobrancas:carnes.explicacao', { maximo: MAXIMO_IMEDIATO })} />}
      form={form}
      nome="carnes"
      iniciais={valoresIniciais}
      aoEnviar={(v) => criarLote.mutate(v)}
      depois={
        <>
          <EstadoDocumento
            estado={estado}
            textos={{
              gerando: t('cobrancas:carnes.gerando'),
              pronto: (count, n) => t('cobrancas:carnes.gerados', { count, n }),
              vazio: t('cobrancas:carnes.nenhum'),
            }}
          />
          <TabelaLotes
            recurso="emissao-carnes/lote"
            chave={CHAVE_LOTES}
            title={() => t('cobrancas:carnes.lotes')}
            data-testid="lotes-carnes"
            comOrganizacao={false}
            verEm={pode('ProcessamentosEmLote', 'R') ? (l) => `${ROTA_LOTE}/${l.id}/visualizacao` : null}
            arquivos={[{ formato: 'pdf', rotulo: t('cobrancas:carnes.baixar'), nome: () => 'carnes.pdf' }]}
          />
        </>
      }
    >
      <CartaoPessoas rotulo={t('campos:pessoasIds')} dica={t('cobrancas:carnes.pessoasDica')} />
      <Card size="small" title={t('cobrancas:carnes.periodo')}>
        <Typography.Paragraph type="secondary">{t('cobrancas:carnes.periodoDica')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="tipoPeriodo" label={t('cobrancas:carnes.tipoPeriodo')} rules={regras('tipoPeriodo')}>
              <Select options={TIPOS_PERIODO_CARNE.map((v) => ({ value: v, label: t(ROTULO_TIPO[v]) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="inicio"
              label={t('cobrancas:carnes.inicio')}
              rules={regras('inicio')}
              {...propsItem(INICIO)}
            >
              {controleCampo(INICIO, i18n.language)}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="fim"
              label={t('cobrancas:carnes.fim')}
              dependencies={['inicio']}
              rules={regras('fim')}
              {...propsItem(FIM)}
            >
              {controleCampo(FIM, i18n.language)}
            </Form.Item>
          </Col>
        </Row>
        <BotoesDeEmissao limparDesabilitado={gerando || criando}>
          {pode(ACESSO, 'C') && (
            <Button type="primary" htmlType="submit" icon={<PrinterOutlined />} loading={criando} disabled={gerando}>
              {t('cobrancas:carnes.gerar')}
            </Button>
          )}
          <Button
            icon={<ThunderboltOutlined />}
            loading={gerando}
            disabled={criando}
            onClick={() => void baixarAgora()}
          >
            {t('cobrancas:carnes.baixarAgora')}
          </Button>
        </BotoesDeEmissao>
      </Card>
    </PaginaDeEmissao>
  );
}
