import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Progress, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaDataHora } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

/**
 * `/teste-dos-dons/:id`: who took the test, with which key and when, and a horizontal bar per
 * gift (points out of its maximum), highest first as the API sends them.
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
      <Card
        size="small"
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('dons:pontuacaoPorDom')}
          </Typography.Title>
        }
      >
        {r.pontuacao.length === 0 ? (
          <Empty description={t('erros:NENHUM_RESULTADO')} />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="grafico-dons">
            {r.pontuacao.map((d) => {
              const texto = t('dons:pontosDe', { pontos: d.pontos, maximo: d.maximo });
              return (
                <div key={d.chave} data-testid="dom-resultado" data-chave={d.chave}>
                  <Typography.Text strong>{d.nome}</Typography.Text>
                  {d.descricao && (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                      {d.descricao}
                    </Typography.Text>
                  )}
                  <Progress
                    percent={d.maximo ? Math.round((d.pontos / d.maximo) * 100) : 0}
                    format={() => `${d.pontos}/${d.maximo}`}
                    aria-label={`${d.nome}: ${texto}`}
                    aria-valuetext={texto}
                    // A full bar keeps the colour of the others (no "success" green): 100% is a score, not a status.
                    status="normal"
                    strokeLinecap="butt"
                    size={{ height: 16 }}
                  />
                </div>
              );
            })}
          </Space>
        )}
      </Card>
    </Space>
  );
}
