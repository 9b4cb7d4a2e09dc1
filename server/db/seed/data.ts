/**
 * Fixed vocabulary of the demo data: names, places, banks, reasons. Kept apart from the generator so
 * that the generator reads as rules and this file as content.
 */
import type { DocumentType } from '../../../src/domain/enums';
import type { PendencyKind } from '../../../src/domain/pendencies';

export const FIRST_NAMES_F = [
  'Ana', 'Maria', 'Juliana', 'Fernanda', 'Patrícia', 'Aline', 'Camila', 'Bruna', 'Amanda', 'Letícia',
  'Mariana', 'Beatriz', 'Larissa', 'Gabriela', 'Vanessa', 'Débora', 'Luana', 'Tatiane', 'Renata', 'Priscila',
  'Cláudia', 'Simone', 'Adriana', 'Luciana', 'Sandra', 'Márcia', 'Rosângela', 'Francisca', 'Antônia', 'Raimunda',
  'Helena', 'Alice', 'Laura', 'Valentina', 'Sofia', 'Isabela', 'Manuela', 'Lívia', 'Cecília', 'Eloá',
] as const;

export const FIRST_NAMES_M = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo',
  'Manoel', 'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo', 'Guilherme', 'Leandro', 'Tiago',
  'Anderson', 'Ricardo', 'Márcio', 'Jorge', 'Sebastião', 'Alexandre', 'Roberto', 'Edson', 'Diego', 'Vitor',
] as const;

export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Moura', 'Cavalcanti',
  'Monteiro', 'Batista', 'Campos', 'Rezende', 'Farias', 'Peixoto', 'Brandão', 'Figueiredo', 'Queiroz', 'Siqueira',
] as const;

/** Particles that sit between given name and surname in many Brazilian names. */
export const NAME_PARTICLES = ['da', 'de', 'dos', 'das', 'do'] as const;

export const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br', 'bol.com.br'] as const;
export const COMPANY_EMAIL_DOMAINS = ['com.br', 'net.br', 'com'] as const;

export interface City {
  city: string;
  state: string;
  ddd: string;
  /** First three digits of the city's CEP range. */
  zip: string;
  districts: readonly string[];
}

/** Weighted roughly by population so that São Paulo dominates as it does in real portfolios. */
export const CITIES: readonly (City & { weight: number })[] = [
  { city: 'São Paulo', state: 'SP', ddd: '11', zip: '0', districts: ['Pinheiros', 'Moema', 'Tatuapé', 'Santana', 'Vila Mariana', 'Itaquera', 'Butantã', 'Lapa'], weight: 20 },
  { city: 'Campinas', state: 'SP', ddd: '19', zip: '130', districts: ['Cambuí', 'Taquaral', 'Barão Geraldo', 'Centro'], weight: 4 },
  { city: 'Santos', state: 'SP', ddd: '13', zip: '110', districts: ['Gonzaga', 'Boqueirão', 'Ponta da Praia'], weight: 2 },
  { city: 'Ribeirão Preto', state: 'SP', ddd: '16', zip: '140', districts: ['Jardim Irajá', 'Centro', 'Ribeirânia'], weight: 2 },
  { city: 'Rio de Janeiro', state: 'RJ', ddd: '21', zip: '2', districts: ['Copacabana', 'Tijuca', 'Barra da Tijuca', 'Méier', 'Botafogo', 'Campo Grande'], weight: 10 },
  { city: 'Niterói', state: 'RJ', ddd: '21', zip: '240', districts: ['Icaraí', 'Santa Rosa', 'Fonseca'], weight: 2 },
  { city: 'Belo Horizonte', state: 'MG', ddd: '31', zip: '30', districts: ['Savassi', 'Pampulha', 'Buritis', 'Lourdes'], weight: 6 },
  { city: 'Uberlândia', state: 'MG', ddd: '34', zip: '384', districts: ['Santa Mônica', 'Centro', 'Tibery'], weight: 2 },
  { city: 'Curitiba', state: 'PR', ddd: '41', zip: '80', districts: ['Batel', 'Água Verde', 'Boqueirão', 'Portão'], weight: 5 },
  { city: 'Londrina', state: 'PR', ddd: '43', zip: '860', districts: ['Gleba Palhano', 'Centro', 'Jardim Higienópolis'], weight: 2 },
  { city: 'Porto Alegre', state: 'RS', ddd: '51', zip: '90', districts: ['Moinhos de Vento', 'Menino Deus', 'Petrópolis', 'Cidade Baixa'], weight: 5 },
  { city: 'Florianópolis', state: 'SC', ddd: '48', zip: '880', districts: ['Trindade', 'Centro', 'Ingleses', 'Campeche'], weight: 3 },
  { city: 'Joinville', state: 'SC', ddd: '47', zip: '892', districts: ['América', 'Glória', 'Centro'], weight: 2 },
  { city: 'Brasília', state: 'DF', ddd: '61', zip: '70', districts: ['Asa Sul', 'Asa Norte', 'Águas Claras', 'Taguatinga'], weight: 5 },
  { city: 'Goiânia', state: 'GO', ddd: '62', zip: '74', districts: ['Setor Bueno', 'Setor Marista', 'Jardim Goiás'], weight: 3 },
  { city: 'Salvador', state: 'BA', ddd: '71', zip: '40', districts: ['Barra', 'Pituba', 'Itapuã', 'Rio Vermelho'], weight: 5 },
  { city: 'Recife', state: 'PE', ddd: '81', zip: '50', districts: ['Boa Viagem', 'Casa Forte', 'Graças', 'Espinheiro'], weight: 4 },
  { city: 'Fortaleza', state: 'CE', ddd: '85', zip: '60', districts: ['Aldeota', 'Meireles', 'Messejana', 'Benfica'], weight: 4 },
  { city: 'Manaus', state: 'AM', ddd: '92', zip: '690', districts: ['Adrianópolis', 'Ponta Negra', 'Centro'], weight: 3 },
  { city: 'Belém', state: 'PA', ddd: '91', zip: '660', districts: ['Nazaré', 'Umarizal', 'Marco'], weight: 2 },
  { city: 'Vitória', state: 'ES', ddd: '27', zip: '290', districts: ['Praia do Canto', 'Jardim da Penha', 'Centro'], weight: 2 },
  { city: 'Natal', state: 'RN', ddd: '84', zip: '590', districts: ['Ponta Negra', 'Tirol', 'Lagoa Nova'], weight: 1 },
  { city: 'Campo Grande', state: 'MS', ddd: '67', zip: '790', districts: ['Centro', 'Jardim dos Estados', 'Tiradentes'], weight: 1 },
  { city: 'Cuiabá', state: 'MT', ddd: '65', zip: '780', districts: ['Goiabeiras', 'Centro Sul', 'Jardim das Américas'], weight: 1 },
];

export const STREET_KINDS = ['Rua', 'Avenida', 'Travessa', 'Alameda', 'Rua', 'Rua'] as const;
export const STREET_NAMES = [
  'das Flores', 'XV de Novembro', 'Sete de Setembro', 'Tiradentes', 'Dom Pedro II', 'Santos Dumont',
  'Getúlio Vargas', 'Rui Barbosa', 'Marechal Deodoro', 'José Bonifácio', 'das Palmeiras', 'dos Andradas',
  'Brasil', 'Paulista', 'Presidente Vargas', 'Castro Alves', 'Machado de Assis', 'Monteiro Lobato',
  'Barão do Rio Branco', 'Afonso Pena', 'Princesa Isabel', 'São João', 'Amazonas', 'Ipiranga',
] as const;

export const OCCUPATIONS = [
  'Analista de sistemas', 'Professor(a)', 'Enfermeiro(a)', 'Engenheiro(a) civil', 'Comerciante', 'Motorista',
  'Advogado(a)', 'Médico(a)', 'Contador(a)', 'Autônomo(a)', 'Servidor(a) público(a)', 'Vendedor(a)',
  'Administrador(a)', 'Aposentado(a)', 'Empresário(a)', 'Técnico(a) em eletrônica', 'Farmacêutico(a)', 'Arquiteto(a)',
] as const;

export const MARITAL_STATUSES = ['Solteiro(a)', 'Casado(a)', 'Divorciado(a)', 'Viúvo(a)', 'União estável'] as const;
export const MARITAL_WEIGHTS = [38, 40, 12, 4, 6] as const;

export const NATIONALITIES = ['Brasileira', 'Portuguesa', 'Italiana', 'Argentina'] as const;
export const NATIONALITY_WEIGHTS = [96, 2, 1, 1] as const;

export const COMPANY_WORDS = [
  'Comércio', 'Serviços', 'Transportes', 'Construtora', 'Distribuidora', 'Engenharia', 'Alimentos',
  'Tecnologia', 'Logística', 'Consultoria', 'Materiais', 'Agropecuária',
] as const;
export const COMPANY_SUFFIXES = ['Ltda', 'Ltda', 'Ltda', 'EIRELI', 'S.A.', 'ME'] as const;

/** Codes present in getBanks() of @brazilian-utils: the banks a Brazilian seller really uses. */
export const BANK_CODES = ['001', '033', '104', '237', '341', '260', '077', '336', '756', '748', '422', '041', '070', '208', '623', '290'] as const;
export const BANK_WEIGHTS = [14, 10, 14, 13, 14, 12, 6, 3, 3, 3, 1, 2, 1, 1, 1, 2] as const;

export const CANCEL_REASONS = [
  { id: 'desistencia_cliente', label: 'Desistência do cliente', detail: 'Cliente desistiu da venda após contato da central.' },
  { id: 'documentacao_irregular', label: 'Documentação irregular', detail: 'Documentos do titular com divergência cadastral.' },
  { id: 'preco_nao_aceito', label: 'Preço não aceito', detail: 'Cliente não aceitou o valor da proposta.' },
  { id: 'pendencia_financeira', label: 'Pendência financeira', detail: 'Cota com parcelas em atraso na administradora.' },
  { id: 'duplicidade', label: 'Cadastro em duplicidade', detail: 'Cota cadastrada duas vezes na plataforma.' },
  { id: 'outro', label: 'Outro motivo', detail: 'Cancelada a pedido da administradora.' },
] as const;
export const CANCEL_REASON_WEIGHTS = [35, 15, 25, 12, 5, 8] as const;
/**
 * A reason the demo's operator has disabled (issue 16): "Motivos de cancelamento" shows it inactive
 * and "Cancelar venda" does not offer it. No seeded sale uses it, so the generator above is unchanged.
 */
export const RETIRED_CANCEL_REASONS = [{ id: 'prazo_expirado', label: 'Prazo de venda expirado' }] as const;

/**
 * One of each pendency kind (issue 15), with what the demo's operator would write. Six entries, in
 * the generator's pick order: the seed draws one of six as before, so every other share is unchanged.
 */
export const PENDENCY_KINDS = [
  { kind: 'document', description: 'Documento de identidade ilegível; enviar nova foto.', documentType: 'RG_WITH_CPF' },
  { kind: 'overdue_installments', description: 'Três parcelas em atraso junto à administradora; regularizar antes da transferência.', documentType: null },
  { kind: 'signer_data', description: 'Assinatura do contrato diverge do documento do titular.', documentType: null },
  { kind: 'retention', description: 'Cota retida pela administradora até o pagamento da primeira parcela com multas e juros.', documentType: null },
  { kind: 'bank_data', description: 'Dados bancários do titular não conferem com o CPF.', documentType: null },
  { kind: 'reactivation', description: 'Cota excluída por inadimplência; reativar com a primeira parcela e os encargos.', documentType: null },
] as const satisfies readonly { kind: PendencyKind; description: string; documentType: DocumentType | null }[];
