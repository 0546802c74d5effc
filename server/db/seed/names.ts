// Romanian given names and family names for the generated staff. Display names keep their
// diacritics (as a real directory would); usernames and emails use the plain ASCII form.

export const FEMALE_NAMES: readonly string[] = [
  'Ana', 'Maria', 'Ioana', 'Andreea', 'Elena', 'Mihaela', 'Cristina', 'Alexandra', 'Raluca',
  'Diana', 'Irina', 'Roxana', 'Bianca', 'Larisa', 'Mădălina', 'Oana', 'Simona', 'Gabriela',
  'Adriana', 'Corina', 'Alina', 'Teodora', 'Daria', 'Iulia', 'Ramona', 'Anca', 'Laura', 'Camelia',
];

export const MALE_NAMES: readonly string[] = [
  'Andrei', 'Alexandru', 'Mihai', 'Ion', 'Cristian', 'Bogdan', 'Florin', 'Răzvan', 'Ștefan',
  'Vlad', 'Gabriel', 'Adrian', 'Marius', 'Dan', 'Radu', 'Ciprian', 'Sorin', 'Victor', 'Tudor',
  'Horia', 'Lucian', 'Ovidiu', 'Cosmin', 'Sebastian', 'Claudiu', 'Dragoș', 'Paul', 'Emil',
];

export const FAMILY_NAMES: readonly string[] = [
  'Popescu', 'Ionescu', 'Popa', 'Pop', 'Niculescu', 'Stan', 'Dumitru', 'Stoica', 'Gheorghe',
  'Rusu', 'Munteanu', 'Matei', 'Constantin', 'Șerban', 'Moldovan', 'Lazăr', 'Ciobanu', 'Florea',
  'Mihai', 'Nistor', 'Tudor', 'Dobre', 'Barbu', 'Nedelcu', 'Ene', 'Toma', 'Sârbu', 'Cristea',
  'Ardelean', 'Iordache', 'Voicu', 'Petrescu', 'Vasilescu', 'Oprea', 'Marinescu', 'Bălan',
  'Anghel', 'Lungu', 'Câmpeanu', 'Avram', 'Preda', 'Crăciun', 'Manole', 'Grigore',
];

export const CITIES: readonly string[] = [
  'Cluj-Napoca', 'Iași', 'Timișoara', 'Brașov', 'Sibiu', 'Oradea', 'Constanța', 'Craiova',
  'Bistrița', 'Alba Iulia', 'Suceava', 'Bacău', 'Arad', 'Târgu Mureș', 'Baia Mare', 'București',
];

export const STREETS: readonly string[] = [
  'Strada Memorandumului', 'Calea Dorobanților', 'Strada Observatorului', 'Bulevardul Eroilor',
  'Strada Republicii', 'Calea Turzii', 'Strada Horea', 'Strada Fabricii', 'Calea Florești',
  'Strada Avram Iancu', 'Strada Teodor Mihali', 'Bulevardul 21 Decembrie 1989',
];

/** Plain ASCII for usernames, emails and file names (Ș → S, ă → a, ...). */
export function asciiName(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 .-]/g, '');
}

export function usernameOf(fullName: string): string {
  return asciiName(fullName).toLowerCase().trim().split(/\s+/).join('.');
}
