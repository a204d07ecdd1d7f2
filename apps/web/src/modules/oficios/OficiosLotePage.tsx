import { PrinterOutlined } from '@ant-design/icons';
import { ACESSO_OFICIOS, oficioLoteInput } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Form, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { avisarErro } from '../../platform/aviso';
import { cliente, dados } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { FiltrosSalvos } from '../../platform/crud/FiltrosSalvos';
import { BotoesDeEmissao, PaginaDeEmissao } from '../../platform/crud/PaginaDeEmissao';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { regrasSeletorPessoas, SeletorPessoas, useMaximoSelecao } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { consultaFiltrosPessoa, FiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';
import { ROTA_LOTE, TabelaLotes } from '../processamento-lote/comum';
import { ROTA_EMITIDOS } from './comum';

const CHAVE_LOTES = 'oficio-lotes';
const regras = regrasZod(oficioLoteInput);

/** The form's values as the API's batch input. */
const entrada = (v: Record<string, unknown>) => ({
  ...consultaFiltrosPessoa(v),
  templateId: v.templateId as number,
  ...(v.data ? { data: (v.data as { format: (f: string) => string }).format('YYYY-MM-DD') } : {}),
  pessoasIds: (v.pessoasIds as number[] | undefined)?.join(',') || undefined,
});

/**
 * `/template-oficio/lote` (issue 22): letters for the people chosen with the people list's filters
 * (a saved people filter applied in one step) or one by one. "Count" tells how many letters the
 * filter makes; "Issue" makes a batch, followed live below, that numbers one letter per person;
 * a finished batch downloads as one PDF or as a ZIP of PDFs.
 */
export default function OficiosLotePage() {
  const { t } = useTranslation(['campos', 'oficios', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const valores = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [contagem, setContagem] = useState<number | null>(null);
  const maximoSelecao = useMaximoSelecao();
  useTitulo('oficios:lote.titulo');

  const aoFalhar = (e: unknown) => {
    if (!aplicarErrosServidor(form, e)) avisarErro(e);
  };
  const contar = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      dados(cliente.POST('/api/oficio/lote/previa', { body: entrada(v) as never })),
    onSuccess: (r) => setContagem(r.pessoas),
    onError: aoFalhar,
  });
  const criar = useMutation({
    mutationFn: (v: Record<string, unknown>) => dados(cliente.POST('/api/oficio/lote', { body: entrada(v) as never })),
    onSuccess: async (criado) => {
      setContagem(null);
      await qc.invalidateQueries({ queryKey: [CHAVE_LOTES] });
      void message.success(t('oficios:lote.criado', { total: criado.total }));
    },
    onError: aoFalhar,
  });
  const contarAgora = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) contar.mutate(v);
  };

  return (
    <PaginaDeEmissao
      titulo={t('oficios:lote.titulo')}
      aoLado={<Button onClick={() => navegar(ROTA_EMITIDOS)}>{t('oficios:emitidos')}</Button>}
      aviso={<Alert type="info" showIcon title={t('oficios:lote.explicacao')} />}
      form={form}
      nome="oficios-lote"
      iniciais={filtrosParaFormulario({})}
      aoMudar={() => setContagem(null)}
      aoEnviar={(v) => criar.mutate(v)}
      depois={
        <TabelaLotes
          recurso="oficio/lote"
          chave={CHAVE_LOTES}
          title={() => t('oficios:lote.lotes')}
          data-testid="lotes-oficios"
          comOrganizacao={false}
          verEm={pode('ProcessamentosEmLote', 'R') ? (l) => `${ROTA_LOTE}/${l.id}/visualizacao` : null}
          arquivos={[
            { formato: 'pdf', rotulo: t('oficios:lote.baixarPdf'), nome: (id) => `oficios-lote-${id}.pdf` },
            { formato: 'zip', rotulo: t('oficios:lote.baixarZip'), nome: (id) => `oficios-lote-${id}.zip` },
          ]}
        />
      }
    >
      <Card
        size="small"
        title={t('comum:filtros')}
        data-testid="filtros"
        extra={
          <FiltrosSalvos
            acesso="Pessoa"
            atuais={consultaFiltrosPessoa(valores ?? {}) as Record<string, string>}
            aplicar={(f) => {
              form.setFieldsValue({
                ...filtrosParaFormulario({}),
                ...filtrosParaFormulario(f as Record<string, string>),
              });
              setContagem(null);
            }}
            semFiltrosIniciais
          />
        }
      >
        <FiltrosPessoa />
        <Form.Item
          name="pessoasIds"
          label={t('campos:pessoasIds')}
          rules={regrasSeletorPessoas(t('campos:pessoasIds'), {}, maximoSelecao)}
        >
          <SeletorPessoas />
        </Form.Item>
      </Card>
      <Card size="small" title={t('oficios:lote.oficio')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="templateId" label={t('campos:templateId')} required rules={regras('templateId')}>
              <SelectReferencia referencia="template-oficio" data-testid="lote-template" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="data" label={t('campos:data')}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {contagem !== null && (
          <Alert
            style={{ marginBottom: 16 }}
            type={contagem ? 'success' : 'warning'}
            showIcon
            data-testid="contagem"
            title={t('oficios:lote.contagem', { count: contagem })}
          />
        )}
        <BotoesDeEmissao>
          <Button loading={contar.isPending} onClick={() => void contarAgora()} data-testid="contar">
            {t('oficios:lote.contar')}
          </Button>
          {pode(ACESSO_OFICIOS, 'C') && (
            <Button type="primary" htmlType="submit" icon={<PrinterOutlined />} loading={criar.isPending}>
              {t('oficios:lote.emitir')}
            </Button>
          )}
        </BotoesDeEmissao>
      </Card>
    </PaginaDeEmissao>
  );
}
