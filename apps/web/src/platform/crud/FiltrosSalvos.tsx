import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import type { AcessoId } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, clienteDiscreto, dados } from '../cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../formulario';

export type Filtros = Record<string, string>;
/** Saved filters may come from other clients, so their values are not trusted to be text. */
export type FiltroSalvo = { id: number; nome: string; padrao: boolean; filtros: Record<string, unknown> };

/** The saved filters of one screen (one read per screen, shared by the list hook and this control). */
export const consultaFiltrosSalvos = (acesso: AcessoId) => ({
  queryKey: [...chaves('filtro-salvo').todas, acesso],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    dados(clienteDiscreto.GET('/api/filtro-salvo/', { params: { query: { acesso } }, signal })) as Promise<
      FiltroSalvo[]
    >,
  staleTime: 60_000,
});

type Props = {
  acesso: AcessoId;
  /** The filters in force, saved as they are. */
  atuais: Filtros;
  aplicar: (f: Record<string, unknown>) => void;
  /** Whether the list opened without filters of its own, so the default saved filter may apply. */
  semFiltrosIniciais: boolean;
  /** The saved filter the list already applied on opening (the list hook applies the default itself). */
  aplicado?: number | null;
};

/** Saved filters of one screen (spec §3 "saved filter: name, default flag"): apply, save the current ones, delete. */
export function FiltrosSalvos({ acesso, atuais, aplicar, semFiltrosIniciais, aplicado }: Props) {
  const { t } = useTranslation(['comum', 'crud', 'validacao']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ nome: string; padrao: boolean }>();
  const [salvando, setSalvando] = useState(false);
  const [escolhido, setEscolhido] = useState<number | null>(null);
  const consulta = consultaFiltrosSalvos(acesso);
  const q = useQuery(consulta);
  const lista = q.data ?? [];

  useEffect(() => {
    if (aplicado) setEscolhido(aplicado);
  }, [aplicado]);

  // The default saved filter applies once, when the list is opened without filters in the address.
  const padraoAplicado = useRef(false);
  useEffect(() => {
    if (padraoAplicado.current || !q.data) return;
    padraoAplicado.current = true;
    const padrao = q.data.find((f) => f.padrao);
    if (padrao && semFiltrosIniciais) {
      setEscolhido(padrao.id);
      aplicar(padrao.filtros);
    }
  }, [q.data, semFiltrosIniciais, aplicar]);

  const salvar = useMutation({
    mutationFn: (v: { nome: string; padrao: boolean }) =>
      dados(
        cliente.POST('/api/filtro-salvo/', {
          body: { acesso, nome: v.nome.trim(), padrao: !!v.padrao, filtros: atuais },
        }),
      ),
    onSuccess: async (criado) => {
      await qc.invalidateQueries({ queryKey: consulta.queryKey });
      if (criado?.id) setEscolhido(criado.id);
      setSalvando(false);
      form.resetFields();
      void message.success(t('crud:filtroSalvo'));
    },
    // Field errors on the dialog's fields (a blank name); anything else as a message.
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    },
  });

  const excluir = useMutation({
    mutationFn: (id: number) => dados(cliente.DELETE('/api/filtro-salvo/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setEscolhido(null);
      await qc.invalidateQueries({ queryKey: consulta.queryKey });
      void message.success(t('crud:filtroExcluido'));
    },
  });

  return (
    <Space wrap>
      <Select<number>
        aria-label={t('crud:filtrosSalvos')}
        data-testid="filtros-salvos"
        placeholder={t('crud:filtrosSalvos')}
        style={{ minWidth: 220 }}
        allowClear
        value={escolhido ?? undefined}
        loading={q.isFetching}
        notFoundContent={t('crud:nenhumFiltroSalvo')}
        options={lista.map((f) => ({
          value: f.id,
          label: f.padrao ? `${f.nome} (${t('crud:padrao')})` : f.nome,
        }))}
        onChange={(id) => {
          setEscolhido(id ?? null);
          const f = lista.find((x) => x.id === id);
          aplicar(f ? f.filtros : {});
        }}
      />
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          form.resetFields();
          setSalvando(true);
        }}
      >
        {t('crud:salvarFiltro')}
      </Button>
      {escolhido !== null && (
        <Popconfirm
          title={t('crud:confirmarExclusaoFiltro')}
          okText={t('comum:excluir')}
          cancelText={t('comum:cancelar')}
          onConfirm={() => excluir.mutate(escolhido)}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('crud:excluirFiltro')}
            title={t('crud:excluirFiltro')}
          />
        </Popconfirm>
      )}
      <Modal
        open={salvando}
        title={t('crud:salvarFiltro')}
        okText={t('comum:salvar')}
        cancelText={t('comum:cancelar')}
        onOk={() => form.submit()}
        confirmLoading={salvar.isPending}
        onCancel={() => setSalvando(false)}
        forceRender
      >
        <Form
          form={form}
          name="filtroSalvo"
          layout="vertical"
          onFinish={(v) => salvar.mutate(v)}
          initialValues={{ nome: '', padrao: false }}
        >
          <Form.Item
            name="nome"
            label={t('crud:nomeFiltro')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('validacao:obrigatorio', { campo: t('crud:nomeFiltro') }),
              },
              { max: 100, message: t('validacao:tamanhoMaximo', { campo: t('crud:nomeFiltro'), n: '100' }) },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="padrao" valuePropName="checked">
            <Checkbox>{t('crud:filtroPadrao')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
