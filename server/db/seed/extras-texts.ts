import { JOB, TEAM, type JobName } from './catalog';

// Texts for the generated profiles' extra details (spec §3 user extras). Companies and clients
// are fictional.

export const BENEFITS: readonly string[] = [
  'Private medical insurance', 'Meal tickets', 'Gym subscription', 'Flexible working hours',
  'Remote work up to 3 days a week', 'Extra day off on your birthday', 'Bookster subscription',
  'Yearly health check', 'Bonus for referrals', 'Conference budget',
];

export const PREVIOUS_COMPANIES: readonly string[] = [
  'Carpathia Software', 'Someș Digital', 'Danubius Labs', 'Transilvania Tech Hub', 'Iris Solutions',
  'Codelab Timișoara', 'Moldova Data Systems', 'Apuseni Interactive', 'Delta Cloud Services', 'Nordvest Consulting',
];

export const POSITION_BY_JOB: Record<JobName, readonly string[]> = {
  [JOB.softwareEngineer]: ['Junior Developer', 'Software Developer', 'Frontend Developer', 'Backend Developer'],
  [JOB.seniorSoftwareEngineer]: ['Software Developer', 'Senior Developer', 'Full-stack Developer'],
  [JOB.techLead]: ['Senior Developer', 'Technical Lead', 'Software Architect'],
  [JOB.qaEngineer]: ['Manual Tester', 'QA Engineer', 'Test Automation Engineer'],
  [JOB.devopsEngineer]: ['System Administrator', 'Cloud Engineer', 'Site Reliability Engineer'],
  [JOB.projectManager]: ['Project Coordinator', 'Scrum Master', 'Delivery Manager'],
  [JOB.designer]: ['Graphic Designer', 'Web Designer', 'Product Designer'],
  [JOB.businessAnalyst]: ['Junior Business Analyst', 'Requirements Engineer', 'Product Owner'],
  [JOB.engineeringManager]: ['Team Leader', 'Delivery Manager', 'Head of Engineering'],
  [JOB.hrSpecialist]: ['Recruiter', 'HR Generalist', 'Talent Acquisition Specialist'],
  [JOB.officeManager]: ['Receptionist', 'Office Assistant', 'Administrative Coordinator'],
  [JOB.ceo]: ['Software Architect', 'Co-founder', 'Managing Director'],
};

export const EXPERIENCE_DESCRIPTIONS: readonly string[] = [
  'Worked in a cross-functional team on a B2B web platform, from refinement to production support.',
  'Maintained and extended a legacy codebase while migrating the most used modules to a modern stack.',
  'Owned the release process and introduced automated checks that cut regressions noticeably.',
  'Worked directly with clients from Germany and the Netherlands on requirements and demos.',
  'Mentored two interns and ran the weekly knowledge-sharing sessions.',
  '',
];

export interface ProjectText {
  title: string;
  mainGoal: string;
  technicalSkills: string;
}

export const PROJECTS_BY_TEAM: Record<string, readonly ProjectText[]> = {
  [TEAM.phoenix]: [
    { title: 'Nordic Retail Payments', mainGoal: 'Card and wallet payments for 300 stores, with retries and reconciliation.', technicalSkills: 'React, Node.js, PostgreSQL, Kafka' },
    { title: 'Loyalty Portal', mainGoal: 'Self-service portal where shoppers follow and redeem their points.', technicalSkills: 'React, TypeScript, GraphQL' },
  ],
  [TEAM.atlas]: [
    { title: 'Fleet Insurance Platform', mainGoal: 'Quote, bind and renew policies for logistics fleets.', technicalSkills: 'Java, Spring Boot, Angular, Oracle' },
    { title: 'Claims Automation', mainGoal: 'Cut the manual steps of claims handling with rules and document parsing.', technicalSkills: 'Java, Camunda, Angular' },
  ],
  [TEAM.nova]: [
    { title: 'HealthTrack Mobile', mainGoal: 'Mobile app for patients to book appointments and see lab results.', technicalSkills: 'Flutter, Kotlin, Firebase' },
    { title: 'Field Service App', mainGoal: 'Offline-first app for technicians visiting industrial sites.', technicalSkills: 'Swift, Kotlin, SQLite' },
  ],
  [TEAM.orion]: [
    { title: 'Energy Trading Desk', mainGoal: 'Real-time dashboards and order entry for an energy trader.', technicalSkills: 'C#, .NET, Azure, SignalR' },
    { title: 'Invoice Hub', mainGoal: 'E-invoicing integration with the national tax platform.', technicalSkills: '.NET, Azure Functions, SQL Server' },
  ],
  [TEAM.vega]: [
    { title: 'Cloud Migration', mainGoal: 'Move a client\'s on-premise services to managed Kubernetes.', technicalSkills: 'Kubernetes, Terraform, AWS, Helm' },
    { title: 'Observability Platform', mainGoal: 'Metrics, logs and alerts shared by all delivery teams.', technicalSkills: 'Prometheus, Grafana, Loki' },
  ],
  [TEAM.lyra]: [
    { title: 'Demand Forecasting', mainGoal: 'Weekly demand forecasts for a grocery chain\'s warehouses.', technicalSkills: 'Python, pandas, Airflow' },
    { title: 'Data Warehouse', mainGoal: 'A single reporting database fed by twelve source systems.', technicalSkills: 'Python, dbt, PostgreSQL' },
  ],
  [TEAM.hermes]: [
    { title: 'Travel Booking Engine', mainGoal: 'Package holidays search and booking for a tour operator.', technicalSkills: 'PHP, Symfony, MySQL' },
  ],
};

export const INTERNAL_PROJECT: ProjectText = {
  title: 'Bitstone Hub', mainGoal: 'The company\'s internal staff hub: directory, holidays, hours and objectives.', technicalSkills: 'TypeScript, React, Fastify',
};

export const RESPONSIBILITIES: readonly string[] = [
  'Implemented new features end to end and reviewed the team\'s pull requests.',
  'Wrote automated tests and kept the regression suite green.',
  'Took part in estimations and planning with the client\'s product owner.',
  'Handled production incidents during the on-call rotation.',
  'Designed the screens and ran usability sessions with real users.',
  'Set up the CI/CD pipelines and the cloud environments.',
];

export const UNIVERSITIES: readonly string[] = [
  'Technical University of Cluj-Napoca, Computer Science',
  'Babeș-Bolyai University, Mathematics and Computer Science',
  'Alexandru Ioan Cuza University of Iași, Computer Science',
  'Politehnica University of Timișoara, Automation and Computers',
  'Politehnica University of Bucharest, Computer Engineering',
  'Transilvania University of Brașov, Electrical Engineering',
  'Bucharest University of Economic Studies, Economic Informatics',
];

export const MASTERS: readonly string[] = [
  'Master in Software Engineering', 'Master in Distributed Systems', 'Master in Human Resources Management',
  'Master in Data Science',
];

export const LANGUAGES: readonly string[] = ['English', 'German', 'French', 'Spanish', 'Italian', 'Hungarian'];

export const HOBBIES: readonly string[] = [
  'Hiking in the Apuseni mountains', 'Road cycling', 'Board games', 'Photography', 'Playing the guitar',
  'Running half marathons', 'Cooking', 'Chess', 'Climbing', 'Reading science fiction', 'Skiing', 'Volunteering at the animal shelter',
];

export const DIETS: ReadonlyArray<readonly [string, number]> = [['No', 12], ['Vegetarian', 2], ['Vegan', 1], ['Lactose intolerant', 1], ['Gluten free', 1]];

export const ABOUT: readonly string[] = [
  'Likes clean code, short meetings and long walks.',
  'Always up for a code review or a coffee.',
  'Joined for the people, stayed for the projects.',
  'Happiest when a release goes out on a Tuesday.',
  'Enjoys turning fuzzy requirements into something that works.',
  'Believes every bug report is a gift.',
];

/** Skills that fit each team's stack, so a profile's skills match its projects. */
export const TEAM_SKILLS: Record<string, readonly string[]> = {
  [TEAM.phoenix]: ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'GraphQL'],
  [TEAM.atlas]: ['Java', 'Spring Boot', 'Angular', 'SQL'],
  [TEAM.nova]: ['Flutter', 'Kotlin', 'Swift'],
  [TEAM.orion]: ['C#', '.NET', 'Azure', 'SQL'],
  [TEAM.vega]: ['Docker', 'Kubernetes', 'Terraform', 'AWS'],
  [TEAM.lyra]: ['Python', 'Django', 'PostgreSQL', 'SQL'],
};
