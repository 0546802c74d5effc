import { Card, Field, makeStyles, Radio, RadioGroup, Text, tokens } from '@fluentui/react-components';
import { THEME_CHOICE_LABELS, THEME_CHOICES, themeChoiceSchema } from '../../../../shared/api/preferences';
import { useThemeChoice } from '../../../lib/theme';
import { useNotify } from '../../../lib/toast';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '560px', alignSelf: 'center', boxSizing: 'border-box', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalS },
});

/** issue 21 'Themes': the person's theme, kept on the hub so it follows them to every device. */
export function ThemeSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const { choice, save, loading } = useThemeChoice();
  return (
    <Card className={styles.card} aria-labelledby="theme-settings-title">
      <Text as="h2" size={500} weight="semibold" id="theme-settings-title">Theme</Text>
      <Field label="Colours" hint="System follows your computer's light, dark or high-contrast setting.">
        <RadioGroup
          value={choice}
          disabled={loading}
          onChange={(_, d) => {
            const parsed = themeChoiceSchema.safeParse(d.value);
            if (parsed.success) save.mutate(parsed.data, { onSuccess: () => notify.success(), onError: () => notify.failure() });
          }}
        >
          {THEME_CHOICES.map((value) => <Radio key={value} value={value} label={THEME_CHOICE_LABELS[value]} />)}
        </RadioGroup>
      </Field>
    </Card>
  );
}
