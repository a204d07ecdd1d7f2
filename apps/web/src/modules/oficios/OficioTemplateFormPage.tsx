import {
  ACESSO_OFICIOS,
  CAMPOS_MESCLAGEM,
  CAMPOS_TEMPLATE_OFICIO,
  type PreviaOficio,
  TEXTOS_TEMPLATE,
  type TemplateOficio,
  templateOficioInput,
} from '@sig/contracts';
import { useMutation } from '@tanstack/react-query';
import { Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { SelectReferencia } from '../../platform/crud/controles';
import { valoresIniciais } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LISTA_TEMPLATES } from './comum';

const NOME_FORM = 'template-oficio';
type Texto = (typeof TEXTOS_TEMPLATE)[number];
const ehTexto = (v: string): v is Texto => (TEXTOS_TEMPLATE as readonly string[]).includes(v);

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
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_OFICIOS}`);
  const { form, formProps, saveButtonProps, id, modo, somenteLeitura, semPermissao, consulta, voltar } =
    useFormRecurso<TemplateOficio>({
      recurso: 'template-oficio',
      acesso: ACESSO_OFICIOS,
      voltar: ROTA_LISTA_TEMPLATES,
    });
  const ultimoTexto = useRef<Texto>('corpo');
  const [pessoaId, setPessoaId] = useState<number | null>(null);
  const [previa, setPrevia] = useState<PreviaOficio | null>(null);
  const adiada = useRef<ReturnType<typeof setTimeout>>(undefined);

  const previsualizar = useMutation({
    mutationFn: () => {
      const v = form.getFieldsValue() as Record<string, string | number | null | undefined>;
      return dados(
        cliente.POST('/api/template-oficio/previa', {
          body: {
            organizacaoId: Number(v.organizacaoId),
            assunto: String(v.assunto ?? ''),
            cabecalho: (v.cabecalho as string | null) ?? null,
            corpo: String(v.corpo ?? ''),
            rodape: (v.rodape as string | null) ?? null,
            ...(pessoaId ? { pessoaId } : {}),
          },
        }),
      );
    },
    meta: { erroTratado: true },
    onSuccess: setPrevia,
  });
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

  /** Writes `{{campo}}` where the cursor was in the last text field focused (the body at first). */
  const inserirCampo = (campo: string) => {
    const nome = ultimoTexto.current;
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
      titulo={t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_OFICIOS}`) })}
      consulta={consulta}
      carregando={id !== undefined && consulta.isPending}
      salvar={somenteLeitura ? undefined : saveButtonProps}
      aoVoltar={() => navegar(voltar)}
      depois={
        <Card
          size="small"
          title={t('oficios:previa')}
          extra={
            <Space>
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
        <CamposDeclarados campos={CAMPOS_TEMPLATE_OFICIO} esquema={templateOficioInput} />
      </Form>
    </PaginaDeFormulario>
  );
}
