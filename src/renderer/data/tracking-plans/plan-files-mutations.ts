import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import { trackingPlanKeys } from './keys';
import { exportPlanFile, importPlanFile, type PlanFileKind } from './plan-files';

export function useExportPlanFileMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'export'],
    mutationFn: ({ planId, kind }: { planId: string; kind: PlanFileKind }) => exportPlanFile(client, supabaseUrl, planId, kind),
  });
}

export function useImportPlanFileMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'import'],
    mutationFn: ({ planId, kind, text }: { planId: string; kind: PlanFileKind; text: string }) => importPlanFile(client, supabaseUrl, planId, kind, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.all }),
  });
}
