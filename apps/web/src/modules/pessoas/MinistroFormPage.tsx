import { DEFINICAO_MINISTRO } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { chaves, recurso } from '../../platform/cliente';
import FormCadastro from '../../platform/crud/FormCadastro';
import { caminhoFormPessoa, RECURSO_MINISTRO } from './comum';

/**
 * `/pessoa-ministro/form/:id?/:visualizacao?` (spec §2): a person's minister data — ordination,
 * exams and terms of ministerial activity — in the registry form. `?pessoaId=` names the person
 * of a new record; the person stays fixed once it exists, and the form goes back to their record.
 */
export default function MinistroFormPage() {
  const params = useParams();
  const [busca] = useSearchParams();
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const pessoaDaBusca = Number(busca.get('pessoaId')) || undefined;
  const q = useQuery({
    queryKey: chaves(RECURSO_MINISTRO).item(id),
    queryFn: ({ signal }) => recurso.item(RECURSO_MINISTRO, id as number, signal),
    enabled: id !== undefined,
  });
  const pessoaId = q.data?.pessoaId ?? pessoaDaBusca;
  const preenchidos = useMemo(() => (pessoaDaBusca ? { pessoaId: pessoaDaBusca } : undefined), [pessoaDaBusca]);
  return (
    <FormCadastro
      recurso={RECURSO_MINISTRO}
      definicao={DEFINICAO_MINISTRO}
      preenchidos={preenchidos}
      voltar={pessoaId ? caminhoFormPessoa(pessoaId) : '/pessoa'}
      travados={['pessoaId']}
    />
  );
}
