export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      alert_channel_targets: {
        Row: {
          channel_id: string
          organization_id: string
          updated_at: string
          url_encrypted: string
        }
        Insert: {
          channel_id: string
          organization_id: string
          updated_at?: string
          url_encrypted: string
        }
        Update: {
          channel_id?: string
          organization_id?: string
          updated_at?: string
          url_encrypted?: string
        }
        Relationships: [
          {
            foreignKeyName: "alert_channel_targets_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: true
            referencedRelation: "alert_channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alert_channel_targets_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      alert_channels: {
        Row: {
          created_at: string
          created_by: string | null
          daily_digest: boolean
          email_members: boolean
          email_recipients: string[]
          enabled: boolean
          id: string
          is_default: boolean
          kind: "email" | "slack" | "webhook"
          name: string
          organization_id: string
          secret_version: number
          target_hint: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          daily_digest?: boolean
          email_members?: boolean
          email_recipients?: string[]
          enabled?: boolean
          id?: string
          is_default?: boolean
          kind: "email" | "slack" | "webhook"
          name: string
          organization_id: string
          secret_version?: number
          target_hint?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          daily_digest?: boolean
          email_members?: boolean
          email_recipients?: string[]
          enabled?: boolean
          id?: string
          is_default?: boolean
          kind?: "email" | "slack" | "webhook"
          name?: string
          organization_id?: string
          secret_version?: number
          target_hint?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "alert_channels_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      alert_deliveries: {
        Row: {
          alert_id: string | null
          attempt_log: Json
          attempts: number
          channel_id: string
          created_at: string
          digest_day: string | null
          event: "opened" | "resolved" | "test" | "digest"
          id: string
          last_error: string | null
          last_status_code: number | null
          max_attempts: number
          organization_id: string
          queued_at: string | null
          sent_at: string | null
          status: "pending" | "sent" | "failed"
          updated_at: string
        }
        Insert: {
          alert_id?: string | null
          attempt_log?: Json
          attempts?: number
          channel_id: string
          created_at?: string
          digest_day?: string | null
          event: "opened" | "resolved" | "test" | "digest"
          id?: string
          last_error?: string | null
          last_status_code?: number | null
          max_attempts?: number
          organization_id: string
          queued_at?: string | null
          sent_at?: string | null
          status?: "pending" | "sent" | "failed"
          updated_at?: string
        }
        Update: {
          alert_id?: string | null
          attempt_log?: Json
          attempts?: number
          channel_id?: string
          created_at?: string
          digest_day?: string | null
          event?: "opened" | "resolved" | "test" | "digest"
          id?: string
          last_error?: string | null
          last_status_code?: number | null
          max_attempts?: number
          organization_id?: string
          queued_at?: string | null
          sent_at?: string | null
          status?: "pending" | "sent" | "failed"
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "alert_deliveries_alert_id_fkey"
            columns: ["alert_id"]
            isOneToOne: false
            referencedRelation: "alerts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alert_deliveries_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "alert_channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alert_deliveries_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      alert_evaluation_runs: {
        Row: {
          duration_ms: number | null
          finished_at: string | null
          opened: number | null
          period: string
          resolved: number | null
          started_at: string
          targets: number | null
        }
        Insert: {
          duration_ms?: number | null
          finished_at?: string | null
          opened?: number | null
          period: string
          resolved?: number | null
          started_at?: string
          targets?: number | null
        }
        Update: {
          duration_ms?: number | null
          finished_at?: string | null
          opened?: number | null
          period?: string
          resolved?: number | null
          started_at?: string
          targets?: number | null
        }
        Relationships: []
      }
      alert_rules: {
        Row: {
          channel_ids: string[]
          created_at: string
          created_by: string | null
          enabled: boolean
          id: string
          is_default: boolean
          kind: "failure_rate" | "rule_failing" | "volume_drop" | "no_hits" | "event_missing" | "refused_hits" | "usage" | "tracking_drift"
          name: string
          organization_id: string
          params: Json
          severity: "critical" | "warning" | "info"
          updated_at: string
          website_id: string | null
        }
        Insert: {
          channel_ids?: string[]
          created_at?: string
          created_by?: string | null
          enabled?: boolean
          id?: string
          is_default?: boolean
          kind: "failure_rate" | "rule_failing" | "volume_drop" | "no_hits" | "event_missing" | "refused_hits" | "usage" | "tracking_drift"
          name: string
          organization_id: string
          params?: Json
          severity?: "critical" | "warning" | "info"
          updated_at?: string
          website_id?: string | null
        }
        Update: {
          channel_ids?: string[]
          created_at?: string
          created_by?: string | null
          enabled?: boolean
          id?: string
          is_default?: boolean
          kind?: "failure_rate" | "rule_failing" | "volume_drop" | "no_hits" | "event_missing" | "refused_hits" | "usage" | "tracking_drift"
          name?: string
          organization_id?: string
          params?: Json
          severity?: "critical" | "warning" | "info"
          updated_at?: string
          website_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "alert_rules_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alert_rules_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      alerts: {
        Row: {
          acknowledged_at: string | null
          acknowledged_by: string | null
          details: Json
          id: string
          kind: string
          last_evaluated_at: string
          link: string | null
          opened_at: string
          organization_id: string
          resolution: "auto" | "manual" | null
          resolved_at: string | null
          resolved_by: string | null
          rule_id: string
          severity: "critical" | "warning" | "info"
          status: "open" | "acknowledged" | "resolved"
          subject: string
          summary: string
          title: string
          website_id: string | null
        }
        Insert: {
          acknowledged_at?: string | null
          acknowledged_by?: string | null
          details?: Json
          id?: string
          kind: string
          last_evaluated_at: string
          link?: string | null
          opened_at: string
          organization_id: string
          resolution?: "auto" | "manual" | null
          resolved_at?: string | null
          resolved_by?: string | null
          rule_id: string
          severity: "critical" | "warning" | "info"
          status?: "open" | "acknowledged" | "resolved"
          subject?: string
          summary?: string
          title: string
          website_id?: string | null
        }
        Update: {
          acknowledged_at?: string | null
          acknowledged_by?: string | null
          details?: Json
          id?: string
          kind?: string
          last_evaluated_at?: string
          link?: string | null
          opened_at?: string
          organization_id?: string
          resolution?: "auto" | "manual" | null
          resolved_at?: string | null
          resolved_by?: string | null
          rule_id?: string
          severity?: "critical" | "warning" | "info"
          status?: "open" | "acknowledged" | "resolved"
          subject?: string
          summary?: string
          title?: string
          website_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "alerts_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alerts_rule_id_fkey"
            columns: ["rule_id"]
            isOneToOne: false
            referencedRelation: "alert_rules"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "alerts_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      api_audit_log: {
        Row: {
          action: string
          api_key_id: string | null
          created_at: string
          id: string
          organization_id: string
          target_id: string | null
          user_id: string | null
        }
        Insert: {
          action: string
          api_key_id?: string | null
          created_at?: string
          id?: string
          organization_id: string
          target_id?: string | null
          user_id?: string | null
        }
        Update: {
          action?: string
          api_key_id?: string | null
          created_at?: string
          id?: string
          organization_id?: string
          target_id?: string | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "api_audit_log_api_key_id_fkey"
            columns: ["api_key_id"]
            isOneToOne: false
            referencedRelation: "api_keys"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "api_audit_log_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      api_keys: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          key_hash: string
          key_prefix: string
          last_used_at: string | null
          name: string
          organization_id: string
          revoked_at: string | null
          scopes: string[]
          website_ids: string[] | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash: string
          key_prefix: string
          last_used_at?: string | null
          name: string
          organization_id: string
          revoked_at?: string | null
          scopes?: string[]
          website_ids?: string[] | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash?: string
          key_prefix?: string
          last_used_at?: string | null
          name?: string
          organization_id?: string
          revoked_at?: string | null
          scopes?: string[]
          website_ids?: string[] | null
        }
        Relationships: [
          {
            foreignKeyName: "api_keys_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      api_rate_windows: {
        Row: {
          count: number
          subject: string
          window_start: string
        }
        Insert: {
          count?: number
          subject: string
          window_start: string
        }
        Update: {
          count?: number
          subject?: string
          window_start?: string
        }
        Relationships: []
      }
      billing_events: {
        Row: {
          id: string
          organization_id: string | null
          received_at: string
          stripe_created: string
          type: string
        }
        Insert: {
          id: string
          organization_id?: string | null
          received_at?: string
          stripe_created: string
          type: string
        }
        Update: {
          id?: string
          organization_id?: string | null
          received_at?: string
          stripe_created?: string
          type?: string
        }
        Relationships: [
          {
            foreignKeyName: "billing_events_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      billing_invoices: {
        Row: {
          amount_due: number
          amount_paid: number
          created_at: string
          currency: string
          hosted_invoice_url: string | null
          id: string
          invoice_pdf: string | null
          number: string | null
          organization_id: string
          period_end: string | null
          period_start: string | null
          status: "draft" | "open" | "paid" | "void" | "uncollectible"
          stripe_invoice_id: string | null
        }
        Insert: {
          amount_due?: number
          amount_paid?: number
          created_at?: string
          currency?: string
          hosted_invoice_url?: string | null
          id?: string
          invoice_pdf?: string | null
          number?: string | null
          organization_id: string
          period_end?: string | null
          period_start?: string | null
          status?: "draft" | "open" | "paid" | "void" | "uncollectible"
          stripe_invoice_id?: string | null
        }
        Update: {
          amount_due?: number
          amount_paid?: number
          created_at?: string
          currency?: string
          hosted_invoice_url?: string | null
          id?: string
          invoice_pdf?: string | null
          number?: string | null
          organization_id?: string
          period_end?: string | null
          period_start?: string | null
          status?: "draft" | "open" | "paid" | "void" | "uncollectible"
          stripe_invoice_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "billing_invoices_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      billing_notifications: {
        Row: {
          kind: "trial_ending" | "trial_ended" | "payment_failed"
          organization_id: string
          reference: string
          sent_at: string
        }
        Insert: {
          kind: "trial_ending" | "trial_ended" | "payment_failed"
          organization_id: string
          reference: string
          sent_at?: string
        }
        Update: {
          kind?: "trial_ending" | "trial_ended" | "payment_failed"
          organization_id?: string
          reference?: string
          sent_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "billing_notifications_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      collected_requests: {
        Row: {
          body: string | null
          client_id: string | null
          endpoint: string
          error_count: number
          event_count: number
          event_names: string[]
          events: Json
          format: "gtag" | "mp"
          id: string
          idempotency_key: string | null
          info_count: number
          issues: Json
          measurement_id: string | null
          method: string
          organization_id: string
          origin_host: string | null
          received_at: string
          rule_ids: string[]
          source: "tracker" | "gtag_direct" | "measurement_protocol"
          status: "pass" | "warning" | "fail"
          url: string
          user_agent: string | null
          user_id: string | null
          warning_count: number
          website_id: string
          withheld: Json | null
        }
        Insert: {
          body?: string | null
          client_id?: string | null
          endpoint: string
          error_count: number
          event_count: number
          event_names: string[]
          events: Json
          format: "gtag" | "mp"
          id: string
          idempotency_key?: string | null
          info_count: number
          issues: Json
          measurement_id?: string | null
          method: string
          organization_id: string
          origin_host?: string | null
          received_at: string
          rule_ids?: string[]
          source: "tracker" | "gtag_direct" | "measurement_protocol"
          status: "pass" | "warning" | "fail"
          url: string
          user_agent?: string | null
          user_id?: string | null
          warning_count: number
          website_id: string
          withheld?: Json | null
        }
        Update: {
          body?: string | null
          client_id?: string | null
          endpoint?: string
          error_count?: number
          event_count?: number
          event_names?: string[]
          events?: Json
          format?: "gtag" | "mp"
          id?: string
          idempotency_key?: string | null
          info_count?: number
          issues?: Json
          measurement_id?: string | null
          method?: string
          organization_id?: string
          origin_host?: string | null
          received_at?: string
          rule_ids?: string[]
          source?: "tracker" | "gtag_direct" | "measurement_protocol"
          status?: "pass" | "warning" | "fail"
          url?: string
          user_agent?: string | null
          user_id?: string | null
          warning_count?: number
          website_id?: string
          withheld?: Json | null
        }
        Relationships: []
      }
      collector_history: {
        Row: {
          expires_at: string
          key: string
          updated_at: string
          value: Json
          website_id: string
        }
        Insert: {
          expires_at: string
          key: string
          updated_at?: string
          value: Json
          website_id: string
        }
        Update: {
          expires_at?: string
          key?: string
          updated_at?: string
          value?: Json
          website_id?: string
        }
        Relationships: []
      }
      collector_idempotency_keys: {
        Row: {
          idempotency_key: string
          seen_on: string
          website_id: string
        }
        Insert: {
          idempotency_key: string
          seen_on: string
          website_id: string
        }
        Update: {
          idempotency_key?: string
          seen_on?: string
          website_id?: string
        }
        Relationships: []
      }
      collector_rate_buckets: {
        Row: {
          granted: number
          minute: string
          website_id: string
        }
        Insert: {
          granted?: number
          minute: string
          website_id: string
        }
        Update: {
          granted?: number
          minute?: string
          website_id?: string
        }
        Relationships: []
      }
      custom_rules: {
        Row: {
          created_at: string
          created_by: string | null
          definition: Json
          description: string | null
          enabled: boolean
          id: string
          name: string
          organization_id: string
          severity: "error" | "warning" | "info"
          updated_at: string
          website_id: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          definition: Json
          description?: string | null
          enabled?: boolean
          id?: string
          name: string
          organization_id: string
          severity?: "error" | "warning" | "info"
          updated_at?: string
          website_id?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          definition?: Json
          description?: string | null
          enabled?: boolean
          id?: string
          name?: string
          organization_id?: string
          severity?: "error" | "warning" | "info"
          updated_at?: string
          website_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "custom_rules_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "custom_rules_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      invitations: {
        Row: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expires_at: string
          id: string
          invited_by: string | null
          organization_id: string
          role: "admin" | "member" | "viewer"
          token_hash: string
        }
        Insert: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          organization_id: string
          role?: "admin" | "member" | "viewer"
          token_hash: string
        }
        Update: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email?: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          organization_id?: string
          role?: "admin" | "member" | "viewer"
          token_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "invitations_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      organization_hourly_rollups: {
        Row: {
          count: number
          dimension: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour: string
          organization_id: string
          value: string
        }
        Insert: {
          count: number
          dimension: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour: string
          organization_id: string
          value: string
        }
        Update: {
          count?: number
          dimension?: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour?: string
          organization_id?: string
          value?: string
        }
        Relationships: [
          {
            foreignKeyName: "organization_hourly_rollups_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      organization_usage: {
        Row: {
          month: string
          monthly_requests: number
          organization_id: string
          updated_at: string
        }
        Insert: {
          month: string
          monthly_requests?: number
          organization_id: string
          updated_at?: string
        }
        Update: {
          month?: string
          monthly_requests?: number
          organization_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "organization_usage_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      organization_usage_events: {
        Row: {
          first_occurred_at: string
          id: string
          kind: string
          last_occurred_at: string
          limit_value: number | null
          month: string
          organization_id: string
          refused_requests: number
        }
        Insert: {
          first_occurred_at?: string
          id?: string
          kind: string
          last_occurred_at?: string
          limit_value?: number | null
          month: string
          organization_id: string
          refused_requests?: number
        }
        Update: {
          first_occurred_at?: string
          id?: string
          kind?: string
          last_occurred_at?: string
          limit_value?: number | null
          month?: string
          organization_id?: string
          refused_requests?: number
        }
        Relationships: [
          {
            foreignKeyName: "organization_usage_events_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      organizations: {
        Row: {
          billing_synced_at: string | null
          cancel_at_period_end: boolean
          created_at: string
          created_by: string | null
          current_period_end: string | null
          id: string
          name: string
          past_due_since: string | null
          plan: "free" | "starter" | "pro" | "enterprise"
          plan_variant: string | null
          settings: Json
          slug: string
          stripe_customer_id: string | null
          stripe_subscription_id: string | null
          subscription_status: "active" | "trialing" | "past_due" | "canceled" | "incomplete" | "unpaid"
          suspended_at: string | null
          suspended_reason: string | null
          trial_ends_at: string | null
          updated_at: string
        }
        Insert: {
          billing_synced_at?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          created_by?: string | null
          current_period_end?: string | null
          id?: string
          name: string
          past_due_since?: string | null
          plan?: "free" | "starter" | "pro" | "enterprise"
          plan_variant?: string | null
          settings?: Json
          slug: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          subscription_status?: "active" | "trialing" | "past_due" | "canceled" | "incomplete" | "unpaid"
          suspended_at?: string | null
          suspended_reason?: string | null
          trial_ends_at?: string | null
          updated_at?: string
        }
        Update: {
          billing_synced_at?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          created_by?: string | null
          current_period_end?: string | null
          id?: string
          name?: string
          past_due_since?: string | null
          plan?: "free" | "starter" | "pro" | "enterprise"
          plan_variant?: string | null
          settings?: Json
          slug?: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          subscription_status?: "active" | "trialing" | "past_due" | "canceled" | "incomplete" | "unpaid"
          suspended_at?: string | null
          suspended_reason?: string | null
          trial_ends_at?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      plan_change_requests: {
        Row: {
          created_at: string
          current_plan: "free" | "starter" | "pro" | "enterprise"
          decided_at: string | null
          decided_by_email: string | null
          decision_reason: string | null
          id: string
          message: string | null
          organization_id: string
          requested_by: string | null
          requested_by_email: string | null
          requested_plan: "free" | "starter" | "pro" | "enterprise"
          status: "open" | "approved" | "declined"
        }
        Insert: {
          created_at?: string
          current_plan?: "free" | "starter" | "pro" | "enterprise"
          decided_at?: string | null
          decided_by_email?: string | null
          decision_reason?: string | null
          id?: string
          message?: string | null
          organization_id: string
          requested_by?: string | null
          requested_by_email?: string | null
          requested_plan: "free" | "starter" | "pro" | "enterprise"
          status?: "open" | "approved" | "declined"
        }
        Update: {
          created_at?: string
          current_plan?: "free" | "starter" | "pro" | "enterprise"
          decided_at?: string | null
          decided_by_email?: string | null
          decision_reason?: string | null
          id?: string
          message?: string | null
          organization_id?: string
          requested_by?: string | null
          requested_by_email?: string | null
          requested_plan?: "free" | "starter" | "pro" | "enterprise"
          status?: "open" | "approved" | "declined"
        }
        Relationships: [
          {
            foreignKeyName: "plan_change_requests_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: true
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      rule_global_settings: {
        Row: {
          enabled: boolean
          reason: string
          rule_id: string
          severity: string | null
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          enabled?: boolean
          reason: string
          rule_id: string
          severity?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          enabled?: boolean
          reason?: string
          rule_id?: string
          severity?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      subscription_plan_limits: {
        Row: {
          display_name: string
          is_active: boolean
          max_custom_rules: number
          max_hits_per_minute: number
          max_team_members: number
          max_websites: number
          monthly_price: number
          monthly_requests: number
          plan: "free" | "starter" | "pro" | "enterprise"
          retention_days: number
          stripe_price_id: string | null
          updated_at: string
        }
        Insert: {
          display_name: string
          is_active?: boolean
          max_custom_rules: number
          max_hits_per_minute?: number
          max_team_members: number
          max_websites: number
          monthly_price: number
          monthly_requests: number
          plan: "free" | "starter" | "pro" | "enterprise"
          retention_days: number
          stripe_price_id?: string | null
          updated_at?: string
        }
        Update: {
          display_name?: string
          is_active?: boolean
          max_custom_rules?: number
          max_hits_per_minute?: number
          max_team_members?: number
          max_websites?: number
          monthly_price?: number
          monthly_requests?: number
          plan?: "free" | "starter" | "pro" | "enterprise"
          retention_days?: number
          stripe_price_id?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      super_admin_actions: {
        Row: {
          action: "organization.change_plan" | "organization.extend_trial" | "organization.suspend" | "organization.reactivate" | "organization.delete" | "organization.decline_plan_request" | "user.resend_confirmation" | "user.send_password_reset" | "user.sign_out_everywhere" | "user.ban" | "user.unban" | "user.delete" | "rule.change_default"
          actor_email: string
          actor_id: string | null
          after: Json | null
          before: Json | null
          created_at: string
          id: number
          reason: string
          target_id: string
          target_label: string | null
          target_type: "organization" | "user" | "rule"
        }
        Insert: {
          action: "organization.change_plan" | "organization.extend_trial" | "organization.suspend" | "organization.reactivate" | "organization.delete" | "organization.decline_plan_request" | "user.resend_confirmation" | "user.send_password_reset" | "user.sign_out_everywhere" | "user.ban" | "user.unban" | "user.delete" | "rule.change_default"
          actor_email: string
          actor_id?: string | null
          after?: Json | null
          before?: Json | null
          created_at?: string
          id?: never
          reason: string
          target_id: string
          target_label?: string | null
          target_type: "organization" | "user" | "rule"
        }
        Update: {
          action?: "organization.change_plan" | "organization.extend_trial" | "organization.suspend" | "organization.reactivate" | "organization.delete" | "organization.decline_plan_request" | "user.resend_confirmation" | "user.send_password_reset" | "user.sign_out_everywhere" | "user.ban" | "user.unban" | "user.delete" | "rule.change_default"
          actor_email?: string
          actor_id?: string | null
          after?: Json | null
          before?: Json | null
          created_at?: string
          id?: never
          reason?: string
          target_id?: string
          target_label?: string | null
          target_type?: "organization" | "user" | "rule"
        }
        Relationships: []
      }
      super_admin_audit_log: {
        Row: {
          created_at: string
          detail: Json
          email: string | null
          event: "login_succeeded" | "login_failed" | "login_rate_limited" | "mfa_required" | "mfa_succeeded" | "mfa_failed" | "mfa_enabled" | "mfa_setup_failed" | "logout"
          id: number
          ip_address: string | null
          reported_ip_address: string | null
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          detail?: Json
          email?: string | null
          event: "login_succeeded" | "login_failed" | "login_rate_limited" | "mfa_required" | "mfa_succeeded" | "mfa_failed" | "mfa_enabled" | "mfa_setup_failed" | "logout"
          id?: never
          ip_address?: string | null
          reported_ip_address?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          detail?: Json
          email?: string | null
          event?: "login_succeeded" | "login_failed" | "login_rate_limited" | "mfa_required" | "mfa_succeeded" | "mfa_failed" | "mfa_enabled" | "mfa_setup_failed" | "logout"
          id?: never
          ip_address?: string | null
          reported_ip_address?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      super_admin_mfa_challenges: {
        Row: {
          created_at: string
          expires_at: string
          failed_attempts: number
          id: string
          ip_address: string
          user_id: string
        }
        Insert: {
          created_at?: string
          expires_at: string
          failed_attempts?: number
          id?: string
          ip_address: string
          user_id: string
        }
        Update: {
          created_at?: string
          expires_at?: string
          failed_attempts?: number
          id?: string
          ip_address?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "super_admin_mfa_challenges_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "super_admins"
            referencedColumns: ["user_id"]
          },
        ]
      }
      super_admin_sessions: {
        Row: {
          created_at: string
          expires_at: string
          id: string
          ip_address: string | null
          last_seen_at: string
          reported_ip_address: string | null
          revoked_at: string | null
          token_hash: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          expires_at: string
          id?: string
          ip_address?: string | null
          last_seen_at?: string
          reported_ip_address?: string | null
          revoked_at?: string | null
          token_hash: string
          user_agent?: string | null
          user_id: string
        }
        Update: {
          created_at?: string
          expires_at?: string
          id?: string
          ip_address?: string | null
          last_seen_at?: string
          reported_ip_address?: string | null
          revoked_at?: string | null
          token_hash?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "super_admin_sessions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "super_admins"
            referencedColumns: ["user_id"]
          },
        ]
      }
      super_admins: {
        Row: {
          created_at: string
          mfa_enabled: boolean
          mfa_enabled_at: string | null
          mfa_last_used_step: number | null
          mfa_secret_encrypted: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          mfa_enabled?: boolean
          mfa_enabled_at?: string | null
          mfa_last_used_step?: number | null
          mfa_secret_encrypted?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          mfa_enabled?: boolean
          mfa_enabled_at?: string | null
          mfa_last_used_step?: number | null
          mfa_secret_encrypted?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      tracking_inventory_catalog: {
        Row: {
          event_name: string
          first_seen: string
          high_cardinality: boolean
          last_seen: string
          name: string
          organization_id: string
          scope: "event" | "param" | "item" | "user"
          types: string[]
          value_seen: Json
          website_id: string
        }
        Insert: {
          event_name: string
          first_seen: string
          high_cardinality?: boolean
          last_seen: string
          name: string
          organization_id: string
          scope: "event" | "param" | "item" | "user"
          types?: string[]
          value_seen?: Json
          website_id: string
        }
        Update: {
          event_name?: string
          first_seen?: string
          high_cardinality?: boolean
          last_seen?: string
          name?: string
          organization_id?: string
          scope?: "event" | "param" | "item" | "user"
          types?: string[]
          value_seen?: Json
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_inventory_catalog_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_inventory_catalog_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_inventory_hourly: {
        Row: {
          event_name: string
          examples: string[]
          first_seen: string
          hits: number
          hour: string
          last_seen: string
          name: string
          organization_id: string
          scope: "event" | "param" | "item" | "user"
          types: string[]
          website_id: string
        }
        Insert: {
          event_name: string
          examples?: string[]
          first_seen: string
          hits: number
          hour: string
          last_seen: string
          name: string
          organization_id: string
          scope: "event" | "param" | "item" | "user"
          types?: string[]
          website_id: string
        }
        Update: {
          event_name?: string
          examples?: string[]
          first_seen?: string
          hits?: number
          hour?: string
          last_seen?: string
          name?: string
          organization_id?: string
          scope?: "event" | "param" | "item" | "user"
          types?: string[]
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_inventory_hourly_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_inventory_hourly_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_inventory_values_hourly: {
        Row: {
          event_name: string
          high_cardinality: boolean
          hour: string
          name: string
          organization_id: string
          scope: "param" | "item" | "user"
          value_counts: Json
          website_id: string
        }
        Insert: {
          event_name: string
          high_cardinality?: boolean
          hour: string
          name: string
          organization_id: string
          scope: "param" | "item" | "user"
          value_counts?: Json
          website_id: string
        }
        Update: {
          event_name?: string
          high_cardinality?: boolean
          hour?: string
          name?: string
          organization_id?: string
          scope?: "param" | "item" | "user"
          value_counts?: Json
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_inventory_values_hou_website_id_hour_event_name_s_fkey"
            columns: ["website_id", "hour", "event_name", "scope", "name"]
            isOneToOne: true
            referencedRelation: "tracking_inventory_hourly"
            referencedColumns: ["website_id", "hour", "event_name", "scope", "name"]
          },
          {
            foreignKeyName: "tracking_inventory_values_hourly_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_audit: {
        Row: {
          action: string
          actor: string | null
          at: string
          detail: Json
          id: number
          organization_id: string
          plan_id: string | null
          subject: string
          subject_id: string | null
        }
        Insert: {
          action: string
          actor?: string | null
          at?: string
          detail?: Json
          id?: never
          organization_id: string
          plan_id?: string | null
          subject: string
          subject_id?: string | null
        }
        Update: {
          action?: string
          actor?: string | null
          at?: string
          detail?: Json
          id?: never
          organization_id?: string
          plan_id?: string | null
          subject?: string
          subject_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_audit_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_audit_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "tracking_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_custom_definitions: {
        Row: {
          display_name: string | null
          id: string
          kind: "dimension" | "metric"
          organization_id: string
          parameter_name: string
          plan_id: string
          scope: "event" | "user" | "item"
        }
        Insert: {
          display_name?: string | null
          id?: string
          kind: "dimension" | "metric"
          organization_id?: string
          parameter_name: string
          plan_id: string
          scope: "event" | "user" | "item"
        }
        Update: {
          display_name?: string | null
          id?: string
          kind?: "dimension" | "metric"
          organization_id?: string
          parameter_name?: string
          plan_id?: string
          scope?: "event" | "user" | "item"
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_custom_definitions_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_custom_definitions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "tracking_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_events: {
        Row: {
          description: string | null
          id: string
          name: string
          organization_id: string
          owner: string | null
          status: "planned" | "live" | "deprecated"
          triggers: string | null
          version_id: string
        }
        Insert: {
          description?: string | null
          id?: string
          name: string
          organization_id?: string
          owner?: string | null
          status?: "planned" | "live" | "deprecated"
          triggers?: string | null
          version_id: string
        }
        Update: {
          description?: string | null
          id?: string
          name?: string
          organization_id?: string
          owner?: string | null
          status?: "planned" | "live" | "deprecated"
          triggers?: string | null
          version_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_events_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_events_version_id_fkey"
            columns: ["version_id"]
            isOneToOne: false
            referencedRelation: "tracking_plan_versions"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_parameters: {
        Row: {
          allowed_values: string[] | null
          description: string | null
          event_id: string | null
          id: string
          max_length: number | null
          maximum: number | null
          minimum: number | null
          name: string
          organization_id: string
          pattern: string | null
          required: boolean
          scope: "event" | "item" | "user"
          type: "string" | "integer" | "number" | "boolean"
          version_id: string
        }
        Insert: {
          allowed_values?: string[] | null
          description?: string | null
          event_id?: string | null
          id?: string
          max_length?: number | null
          maximum?: number | null
          minimum?: number | null
          name: string
          organization_id?: string
          pattern?: string | null
          required?: boolean
          scope: "event" | "item" | "user"
          type: "string" | "integer" | "number" | "boolean"
          version_id: string
        }
        Update: {
          allowed_values?: string[] | null
          description?: string | null
          event_id?: string | null
          id?: string
          max_length?: number | null
          maximum?: number | null
          minimum?: number | null
          name?: string
          organization_id?: string
          pattern?: string | null
          required?: boolean
          scope?: "event" | "item" | "user"
          type?: "string" | "integer" | "number" | "boolean"
          version_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_parameters_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "tracking_plan_events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_parameters_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_parameters_version_id_fkey"
            columns: ["version_id"]
            isOneToOne: false
            referencedRelation: "tracking_plan_versions"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_versions: {
        Row: {
          created_at: string
          document: Json | null
          id: string
          number: number | null
          organization_id: string
          plan_id: string
          published_at: string | null
          published_by: string | null
          status: "draft" | "published"
        }
        Insert: {
          created_at?: string
          document?: Json | null
          id?: string
          number?: number | null
          organization_id?: string
          plan_id: string
          published_at?: string | null
          published_by?: string | null
          status?: "draft" | "published"
        }
        Update: {
          created_at?: string
          document?: Json | null
          id?: string
          number?: number | null
          organization_id?: string
          plan_id?: string
          published_at?: string | null
          published_by?: string | null
          status?: "draft" | "published"
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_versions_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_versions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: true
            referencedRelation: "tracking_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plan_websites: {
        Row: {
          created_at: string
          organization_id: string
          plan_id: string
          website_id: string
        }
        Insert: {
          created_at?: string
          organization_id?: string
          plan_id: string
          website_id: string
        }
        Update: {
          created_at?: string
          organization_id?: string
          plan_id?: string
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plan_websites_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_websites_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "tracking_plans"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tracking_plan_websites_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: true
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      tracking_plans: {
        Row: {
          created_at: string
          created_by: string | null
          description: string | null
          id: string
          name: string
          organization_id: string
          severities: Json
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          name: string
          organization_id: string
          severities?: Json
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          name?: string
          organization_id?: string
          severities?: Json
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "tracking_plans_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      trial_grants: {
        Row: {
          granted_at: string
          organization_id: string | null
          user_id: string
        }
        Insert: {
          granted_at?: string
          organization_id?: string | null
          user_id: string
        }
        Update: {
          granted_at?: string
          organization_id?: string | null
          user_id?: string
        }
        Relationships: []
      }
      user_organizations: {
        Row: {
          id: string
          joined_at: string
          organization_id: string
          permissions: string[]
          role: "owner" | "admin" | "member" | "viewer"
          status: "active" | "invited" | "suspended"
          user_id: string
        }
        Insert: {
          id?: string
          joined_at?: string
          organization_id: string
          permissions?: string[]
          role?: "owner" | "admin" | "member" | "viewer"
          status?: "active" | "invited" | "suspended"
          user_id: string
        }
        Update: {
          id?: string
          joined_at?: string
          organization_id?: string
          permissions?: string[]
          role?: "owner" | "admin" | "member" | "viewer"
          status?: "active" | "invited" | "suspended"
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_organizations_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      user_profiles: {
        Row: {
          current_organization_id: string | null
          email: string | null
          full_name: string | null
          id: string
          updated_at: string
        }
        Insert: {
          current_organization_id?: string | null
          email?: string | null
          full_name?: string | null
          id: string
          updated_at?: string
        }
        Update: {
          current_organization_id?: string | null
          email?: string | null
          full_name?: string | null
          id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_profiles_current_organization_id_fkey"
            columns: ["current_organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
      website_hit_counters: {
        Row: {
          bucket: string
          count: number
          organization_id: string
          outcome: "stored" | "failed" | "refused"
          reason: string
          website_id: string
        }
        Insert: {
          bucket: string
          count: number
          organization_id: string
          outcome: "stored" | "failed" | "refused"
          reason?: string
          website_id: string
        }
        Update: {
          bucket?: string
          count?: number
          organization_id?: string
          outcome?: "stored" | "failed" | "refused"
          reason?: string
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "website_hit_counters_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      website_hourly_rollups: {
        Row: {
          count: number
          dimension: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour: string
          organization_id: string
          value: string
          website_id: string
        }
        Insert: {
          count: number
          dimension: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour: string
          organization_id: string
          value: string
          website_id: string
        }
        Update: {
          count?: number
          dimension?: "requests" | "status" | "format" | "event_name" | "rule" | "severity" | "verdict" | "plan_violation"
          hour?: string
          organization_id?: string
          value?: string
          website_id?: string
        }
        Relationships: []
      }
      website_mp_secrets: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          last_used_at: string | null
          name: string
          organization_id: string
          revoked_at: string | null
          secret_hash: string
          secret_prefix: string
          website_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          last_used_at?: string | null
          name: string
          organization_id?: string
          revoked_at?: string | null
          secret_hash: string
          secret_prefix: string
          website_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          last_used_at?: string | null
          name?: string
          organization_id?: string
          revoked_at?: string | null
          secret_hash?: string
          secret_prefix?: string
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "website_mp_secrets_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "website_mp_secrets_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      website_rule_settings: {
        Row: {
          enabled: boolean
          organization_id: string
          rule_id: string
          severity: "error" | "warning" | "info" | null
          updated_at: string
          updated_by: string | null
          website_id: string
        }
        Insert: {
          enabled?: boolean
          organization_id?: string
          rule_id: string
          severity?: "error" | "warning" | "info" | null
          updated_at?: string
          updated_by?: string | null
          website_id: string
        }
        Update: {
          enabled?: boolean
          organization_id?: string
          rule_id?: string
          severity?: "error" | "warning" | "info" | null
          updated_at?: string
          updated_by?: string | null
          website_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "website_rule_settings_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "website_rule_settings_website_id_fkey"
            columns: ["website_id"]
            isOneToOne: false
            referencedRelation: "websites"
            referencedColumns: ["id"]
          },
        ]
      }
      websites: {
        Row: {
          created_at: string
          created_by: string | null
          currencies: string[]
          domain: string
          eu_traffic: boolean
          id: string
          is_active: boolean
          measurement_ids: string[]
          name: string
          organization_id: string
          receiving_traffic_at: string | null
          site_key: string
          verification_method: string | null
          verification_status: "pending" | "verified" | "failed"
          verification_token: string
          verified_at: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          currencies?: string[]
          domain?: string
          eu_traffic?: boolean
          id?: string
          is_active?: boolean
          measurement_ids?: string[]
          name: string
          organization_id: string
          receiving_traffic_at?: string | null
          site_key?: string
          verification_method?: string | null
          verification_status?: "pending" | "verified" | "failed"
          verification_token?: string
          verified_at?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          currencies?: string[]
          domain?: string
          eu_traffic?: boolean
          id?: string
          is_active?: boolean
          measurement_ids?: string[]
          name?: string
          organization_id?: string
          receiving_traffic_at?: string | null
          site_key?: string
          verification_method?: string | null
          verification_status?: "pending" | "verified" | "failed"
          verification_token?: string
          verified_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "websites_organization_id_fkey"
            columns: ["organization_id"]
            isOneToOne: false
            referencedRelation: "organizations"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      organization_billing_summary: {
        Row: {
          billing_state: string | null
          cancel_at_period_end: boolean | null
          currency: string | null
          current_period_end: string | null
          effective_plan: string | null
          grace_ends_at: string | null
          has_billing_account: boolean | null
          invoice_count: number | null
          last_invoice_at: string | null
          monthly_price: number | null
          next_amount: number | null
          organization_id: string | null
          plan: string | null
          plan_variant: string | null
          subscription_status: string | null
          total_paid: number | null
          trial_days_left: number | null
          trial_ends_at: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      accept_invitation: { Args: { invitation_token: string }; Returns: Json }
      acknowledge_alert: { Args: { alert_id: string }; Returns: { acknowledged_at: string | null; acknowledged_by: string | null; details: Json; id: string; kind: string; last_evaluated_at: string; link: string | null; opened_at: string; organization_id: string; resolution: string | null; resolved_at: string | null; resolved_by: string | null; rule_id: string; severity: string; status: string; subject: string; summary: string; title: string; website_id: string | null } }
      alert_rule_params_problem: { Args: { rule_kind: string; params: Json }; Returns: string }
      analytics_org_ids: { Args: never; Returns: string[] }
      api_prune_rate_windows: { Args: never; Returns: number }
      api_take_request: { Args: { rate_subject: string; rate_window: string }; Returns: number }
      check_organization_slug: { Args: { slug: string }; Returns: boolean }
      collector_apply_retention: { Args: never; Returns: Json }
      collector_claim_hits: { Args: { target_website_id: string; bucket: string; wanted: number; per_minute: number }; Returns: number }
      collector_ensure_partitions: { Args: { days_ahead?: number }; Returns: number }
      collector_prune_rate_buckets: { Args: never; Returns: number }
      complete_user_signup: { Args: { user_id: string; org_name: string; org_slug: string; org_plan?: string }; Returns: Json }
      create_api_key: { Args: { org_id: string; key_name: string }; Returns: Json }
      create_default_alert_rules: { Args: { org_id: string; site_id: string }; Returns: undefined }
      create_invitation: { Args: { org_id: string; invitee_email: string; invitee_role: string; invitation_token_hash: string }; Returns: Json }
      create_mp_secret: { Args: { target_website_id: string; secret_name: string }; Returns: Json }
      create_organization: { Args: { org_name: string; org_slug: string; org_plan?: string }; Returns: { billing_synced_at: string | null; cancel_at_period_end: boolean; created_at: string; created_by: string | null; current_period_end: string | null; id: string; name: string; past_due_since: string | null; plan: string; plan_variant: string | null; settings: Json; slug: string; stripe_customer_id: string | null; stripe_subscription_id: string | null; subscription_status: string; suspended_at: string | null; suspended_reason: string | null; trial_ends_at: string | null; updated_at: string } }
      create_scoped_api_key: { Args: { org_id: string; key_name: string; key_scopes: string[]; key_website_ids?: string[] }; Returns: Json }
      current_usage: { Args: { org_id: string; metric: string }; Returns: number }
      feature_required_plan: { Args: { feature_name: string }; Returns: string }
      find_unlinked_organizations: { Args: never; Returns: { id: string; name: string; slug: string; plan: string; created_at: string }[] }
      fix_account_link: { Args: { org_id: string }; Returns: Json }
      get_organization_plan_state: { Args: { org_id: string }; Returns: Json }
      get_organization_usage_status: { Args: { org_id: string }; Returns: Json }
      has_org_role: { Args: { org_id: string; min_role?: string }; Returns: boolean }
      invitation_preview: { Args: { invitation_token: string }; Returns: Json }
      is_service_role: { Args: never; Returns: boolean }
      is_within_limit: { Args: { org_id: string; metric: string }; Returns: boolean }
      org_role_rank: { Args: { role: string }; Returns: number }
      organization_has_feature: { Args: { org_id: string; feature_name: string }; Returns: boolean }
      plan_limit: { Args: { org_id: string; metric: string }; Returns: number }
      plan_rank: { Args: { plan: string }; Returns: number }
      publish_tracking_plan: { Args: { plan_id: string }; Returns: string }
      queue_alert_notifications: { Args: { alert_id: string; alert_event: string }; Returns: string[] }
      readable_org_ids: { Args: never; Returns: string[] }
      record_api_write: { Args: { org_id: string; write_action: string; write_target: string }; Returns: undefined }
      resolve_alert: { Args: { alert_id: string }; Returns: { acknowledged_at: string | null; acknowledged_by: string | null; details: Json; id: string; kind: string; last_evaluated_at: string; link: string | null; opened_at: string; organization_id: string; resolution: string | null; resolved_at: string | null; resolved_by: string | null; rule_id: string; severity: string; status: string; subject: string; summary: string; title: string; website_id: string | null } }
      revoke_api_key: { Args: { key_id: string }; Returns: undefined }
      revoke_mp_secret: { Args: { secret_id: string }; Returns: undefined }
      rollup_series: { Args: { org_id: string; site_id: string; bucket_starts: string[]; until: string; dimensions: string[] }; Returns: { bucket: string; dimension: string; value: string; count: number }[] }
      rollup_series_by_website: { Args: { org_id: string; bucket_starts: string[]; until: string; dimensions: string[] }; Returns: { website_id: string; bucket: string; dimension: string; value: string; count: number }[] }
      rotate_alert_channel_secret: { Args: { channel_id: string }; Returns: number }
      set_alert_channel_target: { Args: { channel_id: string; url_encrypted: string; url_hint: string }; Returns: undefined }
      shares_org_with: { Args: { other_user: string }; Returns: boolean }
      tracking_inventory: { Args: { target_website_id: string; days?: number }; Returns: { event_name: string; scope: string; name: string; hits: number; event_hits: number; share: number; types: string[]; examples: string[]; first_seen: string; last_seen: string }[] }
      tracking_plan_document: { Args: { version_id: string }; Returns: Json }
      tracking_plan_draft_from_traffic: { Args: { plan_id: string; source_website_id: string; days?: number }; Returns: Json }
      usage_alert: { Args: { metric: string; current_value: number; limit_value: number }; Returns: Json }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DefaultSchema = Database[Extract<keyof Database, "public">]

export type Tables<
  T extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]),
> = (DefaultSchema["Tables"] & DefaultSchema["Views"])[T] extends {
  Row: infer R
}
  ? R
  : never

export type TablesInsert<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T] extends { Insert: infer I } ? I : never

export type TablesUpdate<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T] extends { Update: infer U } ? U : never

export type Enums<T extends keyof DefaultSchema["Enums"]> = DefaultSchema["Enums"][T]

export const Constants = {
  public: {
    Enums: {
    },
  },
} as const
