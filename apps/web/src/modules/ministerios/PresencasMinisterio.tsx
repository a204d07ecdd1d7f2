import { CAMPOS_REUNIAO_MINISTERIO, hojeNoBrasil, type Ministerio, reuniaoInput } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcaoExcluir } from '../../platform/crud/AcoesLinha';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { celulaData, celulaNumero } from '../../platform/crud/celulas';
import { regrasZod } from '../../platform/formulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';

const regras = regrasZod(reuniaoInput);
const [DATA, VISITANTES] = CAMPOS_REUNIAO_MINISTERIO;

/**
 * Attendance per meeting (issue 21): a date, the participants who came ticked at once, the
 * visitors; the year's figures are then computed from its meetings (the statistics above show them).
 */
export function PresencasMinisterio({
  ministerio,
  somenteLeitura,
}: {
  ministerio: Ministerio;
  somenteLeitura: boolean;
}) {
  const { t } = useTranslation(['campos', 'comum', 'ministerios']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [ano, setAno] = useState(Number(hojeNoBrasil().slice(0, 4)));
  const id = ministerio.id;
  const reunioes = useQuery({
    queryKey: [...chaves('ministerio').item(id), 'reunioes', ano],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/ministerio/{id}/reunioes', { params: { path: { id }, query: { ano } }, signal })),
  });
  const depois = async (mensagem: 'ministerios:reuniaoRegistrada' | 'ministerios:reuniaoExcluida') => {
    message.success(t(mensagem));
    await qc.invalidateQueries({ queryKey: chaves('ministerio').todas });
  };
  const registrar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(cliente.POST('/api/ministerio/{id}/reunioes', { params: { path: { id } }, body: corpo as never })),
    onSuccess: async () => {
      form.setFieldsValue({ presentes: [], visitantes: 0 });
      await depois('ministerios:reuniaoRegistrada');
    },
  });
  const nomes = new Map(ministerio.participantes.map((p) => [p.pessoaId, p.pessoaNome]));
  return (
    <Card title={t('ministerios:presencas')} size="small" style={{ marginTop: 16 }} data-testid="presencas">
      {!somenteLeitura && (
        <Form<Record<string, unknown>>
          form={form}
          layout="vertical"
          name="reuniao"
          initialValues={{ visitantes: 0, presentes: [] }}
          onFinish={(v) => registrar.mutate(v)}
          data-testid="form-reuniao"
        >
          <CamposDeclarados campos={[DATA, VISITANTES]} esquema={reuniaoInput} />
          <Form.Item name="presentes" label={t('campos:presentes')} rules={regras('presentes')}>
            <Checkbox.Group
              options={ministerio.participantes.map((p) => ({ value: p.pessoaId, label: p.pessoaNome }))}
            />
          </Form.Item>
          <Button htmlType="submit" loading={registrar.isPending}>
            {t('ministerios:registrarReuniao')}
          </Button>
        </Form>
      )}
      <Space style={{ margin: '16px 0 8px' }}>
        <label htmlFor="ano-reunioes">{t('campos:ano')}</label>
        <InputNumber id="ano-reunioes" min={1900} max={2999} value={ano} onChange={(v) => v && setAno(v)} />
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={reunioes.isFetching}
        dataSource={reunioes.data ?? []}
        pagination={false}
        columns={[
          { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
          {
            key: 'presentes',
            dataIndex: 'presentes',
            title: t('campos:presentes'),
            render: (ids: number[]) => ids.map((p) => nomes.get(p) ?? p).join(', '),
          },
          { key: 'visitantes', dataIndex: 'visitantes', title: t('campos:visitantes'), render: celulaNumero },
          ...(somenteLeitura
            ? []
            : [
                {
                  key: 'acoes',
                  title: t('comum:acoes'),
                  render: (_: unknown, r: { id: number }) => (
                    <AcaoExcluir
                      aoExcluir={async () => {
                        await dados(
                          cliente.DELETE('/api/ministerio/{id}/reunioes/{reuniaoId}', {
                            params: { path: { id, reuniaoId: r.id } },
                          }),
                        );
                        await depois('ministerios:reuniaoExcluida');
                      }}
                    />
                  ),
                },
              ]),
        ]}
      />
    </Card>
  );
}
