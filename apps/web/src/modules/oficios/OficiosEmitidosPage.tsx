import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { ACESSO_OFICIOS, emissaoOficioInput, type OficioResumo, TIPOS_OFICIO } from '@sig/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, DatePicker, Form, Modal, Radio, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { baixarArquivo } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { celulaData } from '../../platform/crud/celulas';
import { SelectReferencia } from '../../platform/crud/controles';
import type { FiltroLista } from '../../platform/crud/filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { regrasZod } from '../../platform/formulario';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LISTA_TEMPLATES, ROTA_LOTE_OFICIOS } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'destinatario' },
  { tipo: 'referencia', nome: 'templateId', referencia: 'template-oficio' },
  { tipo: 'opcao', nome: 'tipoOficio', opcoes: TIPOS_OFICIO, rotulos: 'campos:opcao.tipoOficio' },
  { tipo: 'periodo', de: 'dataDe', ate: 'dataAte' },
];
const INVALIDAR = [chaves('oficio').todas, chaves('template-oficio').todas];
const regras = regrasZod(emissaoOficioInput);

/** Downloads a letter's PDF, named by its number. */
export async function baixarOficio(o: { id: number; numero: number; ano: number }) {
  const { data, response } = await cliente.GET('/api/oficio/{id}/pdf', {
    params: { path: { id: o.id } },
    parseAs: 'blob',
  });
  baixarArquivo(data as Blob, response, `oficio-${o.numero}-${o.ano}.pdf`);
}

type Valores = {
  templateId?: number;
  destino: 'pessoa' | 'organizacao';
  pessoaId?: number;
  organizacaoDestinatariaId?: number;
  data?: { format: (f: string) => string };
};

/** Issues a letter from a template to a person or an organization, then downloads its PDF. */
function EmitirOficio({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'oficios', 'comum']);
  const [form] = Form.useForm<Valores>();
  const destino = Form.useWatch('destino', form) ?? 'pessoa';
  const emitir = useAcao({
    mutationFn: (v: Valores) =>
      dados(
        cliente.POST('/api/oficio/', {
          body: {
            templateId: v.templateId as number,
            ...(v.destino === 'pessoa'
              ? { pessoaId: v.pessoaId }
              : { organizacaoDestinatariaId: v.organizacaoDestinatariaId }),
            ...(v.data ? { data: v.data.format('YYYY-MM-DD') } : {}),
          },
        }),
      ),
    invalidar: INVALIDAR,
    sucesso: (o) => t('oficios:emitido', { numero: o.numeroAno, destinatario: o.destinatario }),
    onSuccess: (o) => {
      form.resetFields();
      fechar();
      void baixarOficio(o);
    },
  });
  return (
    <Modal
      open={aberto}
      title={t('oficios:emitir')}
      okText={t('oficios:emitir')}
      okButtonProps={{ loading: emitir.isPending, 'data-testid': 'confirmar-emissao' } as never}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form<Valores>
        form={form}
        layout="vertical"
        name="emitir-oficio"
        initialValues={{ destino: 'pessoa' }}
        onFinish={(v) => emitir.mutate(v)}
      >
        <Form.Item name="templateId" label={t('campos:templateId')} required rules={regras('templateId')}>
          <SelectReferencia referencia="template-oficio" data-testid="emitir-template" />
        </Form.Item>
        <Form.Item name="destino" label={t('oficios:tipoDestino')}>
          <Radio.Group
            options={[
              { value: 'pessoa', label: t('oficios:destinoPessoa') },
              { value: 'organizacao', label: t('oficios:destinoOrganizacao') },
            ]}
          />
        </Form.Item>
        {destino === 'pessoa' ? (
          <Form.Item
            name="pessoaId"
            label={t('campos:pessoaId')}
            required
            rules={[{ required: true, message: t('oficios:destinoPessoa') }]}
          >
            <SelectReferencia referencia="pessoa" data-testid="emitir-pessoa" />
          </Form.Item>
        ) : (
          <Form.Item
            name="organizacaoDestinatariaId"
            label={t('campos:organizacaoDestinatariaId')}
            required
            rules={[{ required: true, message: t('oficios:destinoOrganizacao') }]}
          >
            <SelectReferencia referencia="organizacao" data-testid="emitir-organizacao" />
          </Form.Item>
        )}
        <Form.Item name="data" label={t('campos:data')}>
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `/template-oficio/emitidos`: the letters issued in the scope — number, date, template,
 * recipient —, filtered and exported; a letter is issued here and each one's PDF downloaded.
 */
export default function OficiosEmitidosPage() {
  const { t } = useTranslation(['campos', 'oficios', 'comum', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [emitindo, setEmitindo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO_OFICIOS}`);
  const baixar = useMutation({ mutationFn: baixarOficio });
  const lista = useListaRecurso({
    recurso: 'oficio',
    acesso: ACESSO_OFICIOS,
    filtros: FILTROS,
    colunas: [
      { key: 'numeroAno', dataIndex: 'numeroAno', title: t('campos:numeroAno') },
      { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
      { key: 'templateNome', dataIndex: 'templateNome', title: t('campos:templateNome') },
      { key: 'destinatario', dataIndex: 'destinatario', title: t('campos:destinatario') },
      { key: 'assunto', dataIndex: 'assunto', title: t('campos:assunto'), ellipsis: { showTitle: true } },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'emitidoPorNome', dataIndex: 'emitidoPorNome', title: t('campos:emitidoPorNome') },
      colunaDeAcoes<Linha<'oficio'>>(
        t('comum:acoes'),
        (o) => [
          {
            icone: <FilePdfOutlined />,
            rotulo: t('oficios:baixarPdf'),
            carregando: baixar.isPending && baixar.variables?.id === o.id,
            aoClicar: () => baixar.mutate(o as OficioResumo),
          },
        ],
        { pequeno: true },
      ),
    ],
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista
        titulo={t('oficios:emitidos')}
        lista={lista}
        extra={
          <>
            <Button onClick={() => navegar(ROTA_LISTA_TEMPLATES)}>{t('oficios:modelos')}</Button>
            <Button onClick={() => navegar(ROTA_LOTE_OFICIOS)} data-testid="oficios-lote">
              {t('oficios:lote.titulo')}
            </Button>
            {pode(ACESSO_OFICIOS, 'C') && (
              <Button type="primary" icon={<PlusOutlined />} data-testid="emitir" onClick={() => setEmitindo(true)}>
                {t('oficios:emitir')}
              </Button>
            )}
          </>
        }
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table {...lista.tableProps} size="small" />
      <EmitirOficio aberto={emitindo} fechar={() => setEmitindo(false)} />
    </Space>
  );
}
