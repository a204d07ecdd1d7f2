import { schema } from '@sig/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { lerArquivoLogo } from './logo.service.js';

/** Who issues a document (receipt, booklet, statement) as it prints them. */
export type Emissor = {
  razaoSocial: string;
  nomeFantasia: string;
  cnpj: string | null;
  /** The preferred active address on one line; null when none is registered. */
  endereco: string | null;
  /** The logo's bytes (PNG or JPEG); null when none is stored. */
  logo: Buffer | null;
};

const { organizacao: org, organizacaoEndereco: end, cidade, estado } = schema;

const cepTela = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

/** The issuing organization's name, CNPJ, address and logo, read by whoever already checked the scope. */
export async function dadosDoEmissor(deps: Pick<Deps, 'db' | 'config'>, organizacaoId: number): Promise<Emissor> {
  const [[o], [e]] = await Promise.all([
    deps.db
      .select({ razaoSocial: org.razaoSocial, nomeFantasia: org.nomeFantasia, cnpj: org.cnpj, logo: org.logo })
      .from(org)
      .where(eq(org.id, organizacaoId)),
    deps.db
      .select({
        logradouro: end.logradouro,
        numero: end.numero,
        complemento: end.complemento,
        bairro: end.bairro,
        cep: end.cep,
        cidade: cidade.nome,
        uf: estado.sigla,
      })
      .from(end)
      .leftJoin(cidade, eq(cidade.id, end.cidadeId))
      .leftJoin(estado, eq(estado.id, cidade.estadoId))
      .where(and(eq(end.organizacaoId, organizacaoId), eq(end.ativo, true)))
      .orderBy(desc(end.preferencial), asc(end.id))
      .limit(1),
  ]);
  const endereco = e
    ? [
        [e.logradouro, e.numero, e.complemento].filter(Boolean).join(', '),
        e.bairro,
        [e.cidade, e.uf].filter(Boolean).join('/'),
        `CEP ${cepTela(e.cep)}`,
      ]
        .filter(Boolean)
        .join(' – ')
    : null;
  const logo = await lerArquivoLogo(deps, o!.logo);
  return {
    razaoSocial: o!.razaoSocial,
    nomeFantasia: o!.nomeFantasia,
    cnpj: o!.cnpj,
    endereco,
    logo: logo?.conteudo ?? null,
  };
}

/** An organization's logo bytes alone (a booklet's slips), null when it has none. */
export async function logoDaOrganizacao(deps: Pick<Deps, 'db' | 'config'>, organizacaoId: number) {
  const [o] = await deps.db.select({ logo: org.logo }).from(org).where(eq(org.id, organizacaoId));
  return (await lerArquivoLogo(deps, o?.logo ?? null))?.conteudo ?? null;
}
