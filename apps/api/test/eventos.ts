/**
 * The events tests' builders: a synod youth congress (two paid lots, three workshops in two time
 * slots, a form asking workshops and shirt size) and its registrants, each with a valid CPF of its
 * own. `prefixo` keeps one file's codes, CPFs and e-mails apart from another's in one database.
 */

/** A valid CPF from a 9-digit base. */
export function cpfDe(n: number) {
  const b = String(n).padStart(9, '0').split('').map(Number);
  const dv = (ds: number[]) => {
    const s = ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0);
    const r = (s * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(b);
  const d2 = dv([...b, d1]);
  return [...b, d1, d2].join('');
}

export function fabricaDeEventos(prefixo: string, baseCpf: number) {
  let sequencia = 0;
  let pessoaSeq = 0;
  const congresso = (organizacaoId: number, extra: Record<string, unknown> = {}) => ({
    organizacaoId,
    tipoEvento: 'CONGRESSO',
    codigo: `${prefixo}-${++sequencia}`,
    nome: 'Congrenaje 2027',
    descricao: 'Congresso sinodal da juventude',
    inicio: '2027-01-15T19:00:00-03:00',
    fim: '2027-01-17T12:00:00-03:00',
    local: 'Ginásio de São Leopoldo',
    visibilidade: 'HIERARQUIA',
    prazoInscricao: '2027-01-10T23:59:00-03:00',
    formasPagamento: ['PIX', 'BOLETO'],
    diasVencimento: 3,
    formulario: {
      secoes: { oficinas: { pedir: true, obrigatoria: false }, camiseta: { pedir: true, obrigatoria: true } },
      perguntas: [{ chave: 'igreja', rotulo: 'Sua comunidade', tipo: 'texto', obrigatoria: false, opcoes: [] }],
    },
    lotes: [
      { numero: 1, valor: '120.00', quantidade: 100, inicio: null, fim: null },
      { numero: 2, valor: '150.00', quantidade: 100, inicio: null, fim: null },
    ],
    oficinas: [
      { nome: 'Louvor e banda', vagas: 30, categoria: 'Música', horario: 'sab-manha' },
      { nome: 'Teatro', vagas: 30, categoria: 'Artes', horario: 'sab-manha' },
      { nome: 'Liderança', vagas: 30, categoria: 'Formação', horario: 'sab-tarde' },
    ],
    ...extra,
  });
  const inscrito = (extra: Record<string, unknown> = {}) => {
    const n = ++pessoaSeq;
    return {
      nome: `Jovem ${n}`,
      cpf: cpfDe(baseCpf + n * 7),
      email: `${prefixo}${n}@exemplo.com`,
      telefone: '51999990000',
      dataNascimento: '2000-05-01',
      dados: { camiseta: 'M', respostas: {} },
      oficinaIds: [],
      ...extra,
    };
  };
  return { congresso, inscrito };
}
