import { FilePdfOutlined } from '@ant-design/icons';
import {
  ACESSO_OFICIOS,
  CAMPOS_MESCLAGEM,
  CAMPOS_TEMPLATE_OFICIO,
  type DocumentoOficio,
  documentoDeTexto,
  type PreviaOficio,
  TEXTOS_TEMPLATE,
  type TemplateOficio,
  templateOficioInput,
} from '@sig/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select, Space, Spin, Typography } from 'antd';
import { type FocusEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { baixarArquivo } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { SelectReferencia } from '../../platform/crud/controles';
import { rotuloCampo, valoresIniciais } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LISTA_TEMPLATES } from './comum';

const NOME_FORM = 'template-oficio';
type Texto = (typeof TEXTOS_TEMPLATE)[number];
const ehTexto = (v: string): v is Texto => (TEXTOS_TEMPLATE as readonly string[]).includes(v);
/** The rich body's editor comes with this form only (docs/adr/0028: the sign-in page stays light). */
const EditorCorpo = lazy(() => import('./EditorCorpo'));
const N_CORPO = CAMPOS_TEMPLATE_OFICIO.findIndex((c) => c.nome === 'corpo');
const CAMPO_CORPO = CAMPOS_TEMPLATE_OFICIO[N_CORPO]!;
const regras = regrasZod(templateOficioInput);
type Valores = Record<string, string | number | boolean | DocumentoOficio | null | undefined>;

/** The body field: the editor writes the document (`corpoRico`, a hidden field) and its text (`corpo`). */
function CampoCorpo({
  valor,
  onChange,
  aoDocumento,
  inserir,
  somenteLeitura,
}: {
  valor: DocumentoOficio;
  onChange?: (texto: string) => void;
  aoDocumento: (d: DocumentoOficio) => void;
  inserir: { current: ((campo: string) => void) | null };
  somenteLeitura: boolean;
}) {
  const { t } = useTranslation(['campos']);
  const { status } = Form.Item.useStatus();
  return (
    <Suspense fallback={<Spin />}>
      <EditorCorpo
        id={`${NOME_FORM}_corpo`}
        rotulo={t(rotuloCampo(CAMPO_CORPO))}
        valor={valor}
        somenteLeitura={somenteLeitura}
        invalido={status === 'error'}
        inserir={inserir}
        aoMudar={(d, texto) => {
          aoDocumento(d);
          onChange?.(texto);
        }}
      />
    </Suspense>
  );
}

/** The merged letter as the PDF lays it out: header, number and date, recipient, subject, body, footer. */
export function FolhaOficio({ previa, numero }: { previa: PreviaOficio; numero?: string }) {
  const { t } = useTranslation(['oficios']);
  return (
    <div
      data-testid="previa-oficio"
      style={{
        background: '#fff',
        border: '1px solid #d9d9d9',
        padding: 32,
        fontFamily: 'Helvetica, Arial, sans-serif',
      }}
    >
      {previa.cabecalho && (
        <Typography.Paragraph strong style={{ textAlign: 'center', whiteSpace: 'pre-wrap' }}>
          {previa.cabecalho}
        </Typography.Paragraph>
      )}
      {numero && <Typography.Paragraph strong>{t('oficios:pdf.numero', { numero })}</Typography.Paragraph>}
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {t('oficios:pdf.destinatario', { nome: previa.destinatario })}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{t('oficios:pdf.assunto', { assunto: previa.assunto })}</Typography.Paragraph>
      {previa.texto.split(/\n{2,}/).map((p, i) => (
        // The paragraphs are positional: the text has no other key.
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
        <Typography.Paragraph key={i} style={{ textAlign: 'justify', whiteSpace: 'pre-wrap' }}>
          {p}
        </Typography.Paragraph>
      ))}
      {previa.rodape && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {previa.rodape}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * `/template-oficio/form/:id?/:visualizacao?`: a letter template — its texts with merge fields
 * inserted where the cursor was, the page it prints on — and a live preview merged by the server
 * (the same merge the issued letter gets) for a chosen person or with the fields' labels.
 */
export default function OficioTemplateFormPage() {
  const { t } = useTranslation(['campos', 'oficios', 'crud', 'menu']);
  const { autorizacao } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_OFICIOS}`);
  const f = useFormRecurso<TemplateOficio>({
    recurso: 'template-oficio',
    acesso: ACESSO_OFICIOS,
    voltar: ROTA_LISTA_TEMPLATES,
  });
  const { form, formProps, id, somenteLeitura, semPermissao, consulta } = f;
  const ultimoTexto = useRef<Texto>('corpo');
  const [pessoaId, setPessoaId] = useState<number | null>(null);
  const [previa, setPrevia] = useState<PreviaOficio | null>(null);
  const adiada = useRef<ReturnType<typeof setTimeout>>(undefined);

  const inserirNoCorpo = useRef<((campo: string) => void) | null>(null);
  /** The form's texts as the previews take them, for the person chosen (or the fields' labels). */
  const textos = () => {
    const v = form.getFieldsValue(true) as Valores;
    return {
      organizacaoId: Number(v.organizacaoId),
      assunto: String(v.assunto ?? ''),
      cabecalho: (v.cabecalho as string | null) ?? null,
      corpo: String(v.corpo ?? ''),
      corpoRico: (v.corpoRico as DocumentoOficio | null) ?? null,
      rodape: (v.rodape as string | null) ?? null,
      ...(pessoaId ? { pessoaId } : {}),
    };
  };
  const previsualizar = useMutation({
    mutationFn: () => dados(cliente.POST('/api/template-oficio/previa', { body: textos() })),
    meta: { erroTratado: true },
    onSuccess: setPrevia,
  });
  /** The PDF the letter would print as, by the server's PDF engine, opened in a new tab (downloaded if the browser blocks it). */
  const pdf = useMutation({
    mutationFn: async () => {
      const v = form.getFieldsValue(true) as Valores;
      const { data, response } = await cliente.POST('/api/template-oficio/previa/pdf', {
        body: {
          ...textos(),
          mostrarEmissor: v.mostrarEmissor !== false,
          tamanhoPapel: v.tamanhoPapel as 'A4',
          orientacao: v.orientacao as 'RETRATO',
          margemMm: Number(v.margemMm),
        },
        parseAs: 'blob',
      });
      const arquivo = data as unknown as Blob;
      const url = URL.createObjectURL(arquivo);
      if (!window.open(url, '_blank')) baixarArquivo(arquivo, response, 'previa-oficio.pdf');
      // The new tab has read it by then.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
  const corpoInicial = (): DocumentoOficio =>
    consulta.data ? (consulta.data.corpoRico ?? documentoDeTexto(consulta.data.corpo)) : documentoDeTexto('');
  const agendarPrevia = () => {
    clearTimeout(adiada.current);
    adiada.current = setTimeout(() => {
      if (form.getFieldValue('organizacaoId')) previsualizar.mutate();
    }, 500);
  };
  // The preview follows the record once loaded, and the person chosen to preview for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduling reads the form when it fires
  useEffect(agendarPrevia, [consulta.data, pessoaId]);
  useEffect(() => () => clearTimeout(adiada.current), []);

  /**
   * A merge field where the cursor was in the last text field focused (the body at first): a token
   * in the body, `{{campo}}` in the plain texts.
   */
  const inserirCampo = (campo: string) => {
    const nome = ultimoTexto.current;
    if (nome === 'corpo') {
      inserirNoCorpo.current?.(campo);
      return;
    }
    const atual = String(form.getFieldValue(nome) ?? '');
    const el = document.getElementById(`${NOME_FORM}_${nome}`) as HTMLTextAreaElement | HTMLInputElement | null;
    const inicio = el?.selectionStart ?? atual.length;
    const fim = el?.selectionEnd ?? inicio;
    const marcador = `{{${campo}}}`;
    form.setFieldValue(nome, atual.slice(0, inicio) + marcador + atual.slice(fim));
    agendarPrevia();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(inicio + marcador.length, inicio + marcador.length);
    });
  };

  if (semPermissao) return <Navigate to={ROTA_LISTA_TEMPLATES} replace />;
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO_OFICIOS}`)}
      depois={
        <Card
          size="small"
          title={t('oficios:previa')}
          extra={
            <Space wrap>
              <Typography.Text>{t('oficios:previaPara')}</Typography.Text>
              <SelectReferencia
                referencia="pessoa"
                allowClear
                style={{ minWidth: 260 }}
                aria-label={t('oficios:previaPara')}
                data-testid="previa-pessoa"
                value={pessoaId}
                onChange={(v: number | null) => setPessoaId(v ?? null)}
              />
              <Button
                icon={<FilePdfOutlined />}
                loading={pdf.isPending}
                onClick={() => pdf.mutate()}
                data-testid="previa-pdf"
              >
                {t('oficios:previaPdf')}
              </Button>
            </Space>
          }
        >
          {previa && <FolhaOficio previa={previa} />}
        </Card>
      }
    >
      {!somenteLeitura && (
        <Row justify="end">
          <Col>
            <Select
              showSearch
              value={null}
              style={{ minWidth: 280 }}
              placeholder={t('oficios:inserirCampo')}
              aria-label={t('oficios:inserirCampo')}
              data-testid="inserir-campo"
              optionFilterProp="label"
              options={CAMPOS_MESCLAGEM.map((c) => ({ value: c, label: t(`oficios:mesclagem.${c}`) }))}
              onChange={inserirCampo}
            />
          </Col>
        </Row>
      )}
      <Form<Record<string, unknown>>
        {...formProps}
        name={NOME_FORM}
        initialValues={{ ...valoresIniciais(CAMPOS_TEMPLATE_OFICIO), organizacaoId: autorizacao?.organizacaoId }}
        data-testid="form-template-oficio"
        onFocus={(e: FocusEvent<HTMLFormElement>) => {
          const nome = e.target.id?.slice(NOME_FORM.length + 1) ?? '';
          if (ehTexto(nome)) ultimoTexto.current = nome;
        }}
        onValuesChange={(...a) => {
          formProps.onValuesChange?.(...a);
          agendarPrevia();
        }}
      >
        <CamposDeclarados campos={CAMPOS_TEMPLATE_OFICIO.slice(0, N_CORPO)} esquema={templateOficioInput} />
        <Form.Item name="corpoRico" hidden />
        {!(id !== undefined && consulta.isPending) && (
          <Form.Item
            name="corpo"
            label={t(rotuloCampo(CAMPO_CORPO))}
            required
            rules={regras('corpo')}
            htmlFor={`${NOME_FORM}_corpo`}
          >
            <CampoCorpo
              key={consulta.data?.id ?? 'novo'}
              valor={corpoInicial()}
              somenteLeitura={somenteLeitura}
              inserir={inserirNoCorpo}
              aoDocumento={(d) => form.setFieldValue('corpoRico', d)}
            />
          </Form.Item>
        )}
        <CamposDeclarados campos={CAMPOS_TEMPLATE_OFICIO.slice(N_CORPO + 1)} esquema={templateOficioInput} />
      </Form>
    </PaginaDeFormulario>
  );
}
