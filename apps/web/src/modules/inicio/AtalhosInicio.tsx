import { StarFilled, StarOutlined } from '@ant-design/icons';
import { ACESSO_POR_ID, type AcessoId } from '@sig/contracts';
import { Button, Card, Empty, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INDICADORES, TELAS } from '../../app/telas';
import { useAtalhos } from '../../platform/atalhos';
import { useAutorizacao } from '../../platform/autorizacao';

/**
 * "Recent and favourite screens": the favourites the user pinned, then the screens last opened,
 * each with its pin; a select adds any screen the user may open as a favourite.
 */
export function AtalhosInicio() {
  const { t } = useTranslation(['inicio', 'menu']);
  const { podeNavegar } = useAutorizacao();
  const { recentes, favoritas, alternarFavorita } = useAtalhos();
  const permitidas = [...INDICADORES, ...TELAS.map((x) => x.acesso)].filter(
    (a) => ACESSO_POR_ID.has(a) && podeNavegar(a),
  ) as AcessoId[];
  const podeAbrir = (a: string): a is AcessoId => (permitidas as string[]).includes(a);
  const itens = [...favoritas, ...recentes.filter((a) => !favoritas.includes(a))].filter(podeAbrir);
  return (
    <Card
      size="small"
      title={t('inicio:atalhos.titulo')}
      data-testid="atalhos"
      extra={
        <Select
          aria-label={t('inicio:atalhos.fixar')}
          placeholder={t('inicio:atalhos.fixar')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220, maxWidth: '100%' }}
          value={null}
          options={permitidas
            .filter((a) => !favoritas.includes(a))
            .map((a) => ({ value: a, label: t(`menu:acessos.${a}`) }))}
          onChange={(a: string) => alternarFavorita(a)}
        />
      }
    >
      {itens.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {itens.map((a) => {
            const favorita = favoritas.includes(a);
            return (
              <li key={a} data-atalho={a}>
                <Space size={2} style={{ border: '1px solid #d9d9d9', borderRadius: 6, paddingInlineStart: 10 }}>
                  <Link to={ACESSO_POR_ID.get(a)!.rota}>{t(`menu:acessos.${a}`)}</Link>
                  <Button
                    type="text"
                    aria-pressed={favorita}
                    aria-label={t(favorita ? 'inicio:atalhos.desafixar' : 'inicio:atalhos.fixar')}
                    title={t(favorita ? 'inicio:atalhos.desafixar' : 'inicio:atalhos.fixar')}
                    icon={favorita ? <StarFilled style={{ color: '#d4a017' }} /> : <StarOutlined />}
                    onClick={() => alternarFavorita(a)}
                  />
                </Space>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inicio:atalhos.vazio')} />
      )}
    </Card>
  );
}
