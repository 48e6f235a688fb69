import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useUpdateWebsiteMutation } from '../../data/websites/update-website-mutation';
import type { WebsiteDetails } from '../../data/websites/types';
import { currenciesError, measurementIdsError, parseCurrencies, parseMeasurementIds } from '../../data/websites/website-form';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { WEBSITE_TOASTS } from './toasts';

/** Owners and admins edit a website's name, measurement IDs and the facts some rules need. */
export function EditWebsiteModal({ website, onClose }: { website: WebsiteDetails; onClose: () => void }) {
  const [name, setName] = useState(website.name);
  const [ids, setIds] = useState(website.measurement_ids.join(', '));
  const [currencies, setCurrencies] = useState(website.currencies.join(', '));
  const [euTraffic, setEuTraffic] = useState(website.eu_traffic);
  const [errors, setErrors] = useState<{ name?: string; ids?: string; currencies?: string }>({});
  const update = useUpdateWebsiteMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsedIds = parseMeasurementIds(ids);
    const parsedCurrencies = parseCurrencies(currencies);
    const next = {
      name: name.trim() === '' ? 'Name is required' : name.trim().length > 100 ? 'Name must be at most 100 characters' : undefined,
      ids: measurementIdsError(parsedIds),
      currencies: currenciesError(parsedCurrencies),
    };
    setErrors(next);
    if (next.name || next.ids || next.currencies) return;
    try {
      await update.mutateAsync({
        websiteId: website.id,
        changes: { name: name.trim(), measurement_ids: parsedIds.values, currencies: parsedCurrencies.values, eu_traffic: euTraffic },
      });
      notify(WEBSITE_TOASTS.updated);
      onClose();
    } catch (err) {
      notify(WEBSITE_TOASTS.updateFailed, errorMessage(err));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Edit ${website.name}`}>
      <form onSubmit={onSubmit} noValidate aria-label="Edit website">
        <Stack>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
          <TextInput label="Domain" value={website.domain} disabled description="The domain cannot change; add a new website instead." />
          <TextInput
            label="Measurement IDs"
            description="Hits with other measurement IDs are refused. Leave empty to accept any."
            placeholder="G-XXXXXXX, G-YYYYYYY"
            value={ids}
            onChange={(e) => setIds(e.currentTarget.value)}
            error={errors.ids}
          />
          <TextInput
            label="Currencies"
            description="ISO 4217 codes you sell in; e-commerce rules flag others. Leave empty to accept any valid code."
            placeholder="EUR, USD"
            value={currencies}
            onChange={(e) => setCurrencies(e.currentTarget.value)}
            error={errors.currencies}
          />
          <Switch
            label="The site has visitors in the EU/EEA"
            description="Turns on the GDPR consent rules."
            checked={euTraffic}
            onChange={(e) => setEuTraffic(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
