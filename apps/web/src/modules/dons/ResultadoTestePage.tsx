import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaDataHora } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { CartaoGrafico } from '../../platform/graficos';
import { useTitulo } from '../../platform/useTitulo';

/**
 * `/teste-dos-dons/:id`: who took the test, with which key and when, and a bar chart of the
 * gifts (points beside their maximum, highest first as the API sends them) with its table.
 */
export default function ResultadoTestePage() {
  const { t } = useTranslation(['campos', 'comum', 'dons', 'erros']);
  const navegar = useNavigate();
  const id = Number(useParams().id);
  useTitulo('dons:resultado');

  const q = useQuery({
    queryKey: chaves('teste-dons').item(id),
    queryFn: ({ signal }) => dados(cliente.GET('/api/teste-dons/{id}', { params: { path: { id } }, signal })),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  if (q.isError || !(id > 0))
    return <Alert type="error" showIcon title={q.isError ? mensagemDeErro(q.error) : t('erros:NAO_ENCONTRADO')} />;
  if (!q.data) return <Skeleton active />;

  const r = q.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 900 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('dons:resultado')}
        </Typography.Title>
        <Button onClick={() => navegar('/teste-dons')}>{t('comum:voltar')}</Button>
      </Space>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'pessoa', label: t('campos:pessoaId'), children: r.pessoaNome },
          { key: 'gabarito', label: t('campos:gabaritoId'), children: r.gabaritoNome },
          {
            key: 'data',
            label: t('campos:realizadoEm'),
            children: celulaDataHora(r.realizadoEm),
          },
          { key: 'organizacao', label: t('campos:organizacaoNome'), children: r.organizacaoNome },
        ]}
      />
      {r.pontuacao.length === 0 ? (
        <Empty description={t('erros:NENHUM_RESULTADO')} />
      ) : (
        <>
          <CartaoGrafico
            titulo={t('dons:pontuacaoPorDom')}
            tipo="barras"
            rotuloCategoria={t('dons:dom')}
            total={false}
            testId="grafico-dons"
            altura={Math.max(200, 48 * r.pontuacao.length)}
            dados={{
              categorias: r.pontuacao.map((d) => ({ chave: d.chave, rotulo: d.nome })),
              series: [
                { chave: 'pontos', nome: t('dons:pontos'), valores: r.pontuacao.map((d) => d.pontos) },
                { chave: 'maximo', nome: t('dons:maximo'), valores: r.pontuacao.map((d) => d.maximo), anterior: true },
              ],
            }}
          />
          {r.pontuacao.some((d) => d.descricao) && (
            <Descriptions
              bordered
              size="small"
              column={1}
              items={r.pontuacao
                .filter((d) => d.descricao)
                .map((d) => ({ key: d.chave, label: d.nome, children: d.descricao }))}
            />
          )}
        </>
      )}
    </Space>
  );
}
