import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { THEME_CHOICE_LABELS, THEME_CHOICES, themeChoiceSchema } from '../../../../shared/api/preferences';
import { useThemeChoice } from '../../../lib/theme';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';

/** Settings → Theme: the person's theme, kept on the hub so it follows them to every device. */
export function ThemeSettings() {
  const notify = useNotify();
  const { choice, save, loading } = useThemeChoice();
  return (
    <SettingsCard id="theme" title="Theme">
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
    </SettingsCard>
  );
}
