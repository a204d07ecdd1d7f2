import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Radio, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { mensagemDeErro } from '../../platform/formulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { rotaResultado, useVePessoas } from './comum';

type Valores = { pessoaId?: number | null; respostas: Record<string, number | undefined> };

/**
 * `/gabarito-dons/:gabaritoId/resposta`: one person answers every question of an answer key on
 * its scale (0 = never … the maximum = always); saving shows the result.
 */
export default function RespostaTestePage() {
  const { t } = useTranslation(['campos', 'comum', 'dons', 'erros', 'validacao']);
  const { message } = App.useApp();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const gabaritoId = Number(useParams().gabaritoId);
  const [form] = Form.useForm<Valores>();
  const vePessoas = useVePessoas();
  useTitulo('dons:responder');

  const q = useQuery({
    queryKey: [...chaves('teste-dons').todas, 'questionario', gabaritoId],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/teste-dons/gabaritos/{id}', { params: { path: { id: gabaritoId } }, signal })),
    enabled: Number.isInteger(gabaritoId) && gabaritoId > 0,
    retry: false,
  });

  // Field errors land on their question (`respostas.<id>`) or on the person.
  const envio = useMutacaoForm(form, {
    mutationFn: (v: Valores) =>
      dados(
        cliente.POST('/api/teste-dons/', {
          body: {
            gabaritoId,
            // Left out, the test is the user's own.
            pessoaId: vePessoas ? (v.pessoaId ?? undefined) : undefined,
            respostas: v.respostas as Record<string, number>,
          },
        }),
      ),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: chaves('teste-dons').listas() });
      void message.success(t('dons:testeSalvo'));
      navegar(rotaResultado(r.id));
    },
  });

  if (q.isError || !(gabaritoId > 0))
    return <Alert type="error" showIcon title={q.isError ? mensagemDeErro(q.error) : t('erros:NAO_ENCONTRADO')} />;
  if (!q.data) return <Skeleton active />;

  const g = q.data;
  const escala = Array.from({ length: g.escalaMaxima + 1 }, (_, i) => i);
  const rotuloValor = (v: number) =>
    v === 0 ? t('dons:escalaNunca', { v }) : v === g.escalaMaxima ? t('dons:escalaSempre', { v }) : String(v);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 900 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {g.nome}
      </Typography.Title>
      {g.descricao && <Typography.Paragraph style={{ margin: 0 }}>{g.descricao}</Typography.Paragraph>}
      <Alert type="info" showIcon title={t('dons:instrucoes', { max: g.escalaMaxima })} />
      <Form<Valores>
        form={form}
        name="resposta-teste-dons"
        layout="vertical"
        initialValues={{ pessoaId: null, respostas: {} }}
        onFinish={(v) => envio.mutate(v)}
        scrollToFirstError
        data-testid="questionario"
      >
        {vePessoas && (
          <Card size="small">
            <Form.Item
              name="pessoaId"
              label={t('campos:pessoaId')}
              required
              rules={[{ required: true, message: t('dons:escolhaPessoa') }]}
              style={{ maxWidth: 480, marginBottom: 0 }}
            >
              <SelectReferencia referencia="pessoa" placeholder={t('dons:buscaPessoa')} />
            </Form.Item>
          </Card>
        )}
        <Typography.Title level={2} style={{ fontSize: 18, margin: '24px 0 12px' }}>
          {t('dons:perguntas', { n: g.perguntas.length })}
        </Typography.Title>
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          {g.perguntas.map((p, i) => {
            const enunciado = `${i + 1}. ${p.texto}`;
            return (
              <Card size="small" key={p.id} data-testid="pergunta">
                <Form.Item
                  name={['respostas', String(p.id)]}
                  label={enunciado}
                  required
                  rules={[{ required: true, message: t('validacao:respostaObrigatoria') }]}
                  style={{ marginBottom: 0 }}
                >
                  <Radio.Group
                    aria-label={enunciado}
                    options={escala.map((v) => ({ value: v, label: rotuloValor(v) }))}
                  />
                </Form.Item>
              </Card>
            );
          })}
        </Space>
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={envio.isPending}>
            {t('dons:concluir')}
          </Button>
          <Button onClick={() => navegar('/teste-dons')}>{t('comum:cancelar')}</Button>
        </Space>
      </Form>
    </Space>
  );
}
