export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      activities: {
        Row: {
          chapter_id: string;
          created_at: string;
          id: string;
          kind: string;
          payload: NonNullable<Json>;
          position: number;
          title: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          chapter_id: string;
          created_at?: string;
          id?: string;
          kind: string;
          payload: NonNullable<Json>;
          position: number;
          title: string;
          updated_at?: string;
        };
        Update: {
          chapter_id?: string;
          created_at?: string;
          id?: string;
          kind?: string;
          payload?: NonNullable<Json>;
          position?: number;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "activities_chapter_id_fkey";
            columns: ["chapter_id"];
            isOneToOne: false;
            referencedRelation: "chapters";
            referencedColumns: ["id"];
          },
        ];
      };
      activity_citations: {
        Row: {
          activity_id: string;
          chunk_id: string | null;
          created_at: string;
          file_path: string | null;
          id: number;
          line_end: number | null;
          line_start: number | null;
          page_number: number | null;
          snippet: string | null;
          source_url: string | null;
        };
        ComputedFields: never;
        Insert: {
          activity_id: string;
          chunk_id?: string | null;
          created_at?: string;
          file_path?: string | null;
          id?: never;
          line_end?: number | null;
          line_start?: number | null;
          page_number?: number | null;
          snippet?: string | null;
          source_url?: string | null;
        };
        Update: {
          activity_id?: string;
          chunk_id?: string | null;
          created_at?: string;
          file_path?: string | null;
          id?: never;
          line_end?: number | null;
          line_start?: number | null;
          page_number?: number | null;
          snippet?: string | null;
          source_url?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "activity_citations_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: false;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "activity_citations_chunk_id_fkey";
            columns: ["chunk_id"];
            isOneToOne: false;
            referencedRelation: "source_chunks";
            referencedColumns: ["id"];
          },
        ];
      };
      activity_progress: {
        Row: {
          activity_id: string;
          created_at: string;
          result: Json | null;
          status: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          activity_id: string;
          created_at?: string;
          result?: Json | null;
          status: string;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          activity_id?: string;
          created_at?: string;
          result?: Json | null;
          status?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "activity_progress_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: false;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "activity_progress_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      ask_conversations: {
        Row: {
          created_at: string;
          id: string;
          topic_id: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          topic_id: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          topic_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "ask_conversations_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ask_conversations_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      ask_messages: {
        Row: {
          answer: Json | null;
          content: string;
          conversation_id: string;
          created_at: string;
          id: string;
          question_id: string | null;
          role: string;
          status: string | null;
        };
        ComputedFields: never;
        Insert: {
          answer?: Json | null;
          content: string;
          conversation_id: string;
          created_at?: string;
          id?: string;
          question_id?: string | null;
          role: string;
          status?: string | null;
        };
        Update: {
          answer?: Json | null;
          content?: string;
          conversation_id?: string;
          created_at?: string;
          id?: string;
          question_id?: string | null;
          role?: string;
          status?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "ask_messages_conversation_id_fkey";
            columns: ["conversation_id"];
            isOneToOne: false;
            referencedRelation: "ask_conversations";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ask_messages_question_id_fkey";
            columns: ["question_id"];
            isOneToOne: false;
            referencedRelation: "ask_messages";
            referencedColumns: ["id"];
          },
        ];
      };
      chapters: {
        Row: {
          course_id: string;
          created_at: string;
          id: string;
          position: number;
          section_id: string | null;
          summary: string | null;
          title: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          course_id: string;
          created_at?: string;
          id?: string;
          position: number;
          section_id?: string | null;
          summary?: string | null;
          title: string;
          updated_at?: string;
        };
        Update: {
          course_id?: string;
          created_at?: string;
          id?: string;
          position?: number;
          section_id?: string | null;
          summary?: string | null;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "chapters_course_id_fkey";
            columns: ["course_id"];
            isOneToOne: false;
            referencedRelation: "courses";
            referencedColumns: ["id"];
          },
        ];
      };
      core_entities: {
        Row: {
          created_at: string;
          id: string;
          kind: string;
          metadata: Json | null;
          name: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          kind?: string;
          metadata?: Json | null;
          name: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          kind?: string;
          metadata?: Json | null;
          name?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      core_memberships: {
        Row: {
          created_at: string;
          entity_id: string;
          id: string;
          invited_email: string | null;
          member_role: string;
          status: string;
          updated_at: string;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          entity_id: string;
          id?: string;
          invited_email?: string | null;
          member_role?: string;
          status?: string;
          updated_at?: string;
          user_id?: string | null;
        };
        Update: {
          created_at?: string;
          entity_id?: string;
          id?: string;
          invited_email?: string | null;
          member_role?: string;
          status?: string;
          updated_at?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "core_memberships_entity_id_fkey";
            columns: ["entity_id"];
            isOneToOne: false;
            referencedRelation: "core_entities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "core_memberships_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      course_part_regenerations: {
        Row: {
          activity_id: string | null;
          chapter_id: string;
          chunk_id: string | null;
          created_at: string;
          error: string | null;
          finished_at: string | null;
          id: string;
          line_end: number | null;
          line_start: number | null;
          part: string;
          question_id: string | null;
          requested_by: string;
          result: Json | null;
          status: string;
          topic_id: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          activity_id?: string | null;
          chapter_id: string;
          chunk_id?: string | null;
          created_at?: string;
          error?: string | null;
          finished_at?: string | null;
          id?: string;
          line_end?: number | null;
          line_start?: number | null;
          part: string;
          question_id?: string | null;
          requested_by: string;
          result?: Json | null;
          status?: string;
          topic_id: string;
          updated_at?: string;
        };
        Update: {
          activity_id?: string | null;
          chapter_id?: string;
          chunk_id?: string | null;
          created_at?: string;
          error?: string | null;
          finished_at?: string | null;
          id?: string;
          line_end?: number | null;
          line_start?: number | null;
          part?: string;
          question_id?: string | null;
          requested_by?: string;
          result?: Json | null;
          status?: string;
          topic_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "course_part_regenerations_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: false;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "course_part_regenerations_chapter_id_fkey";
            columns: ["chapter_id"];
            isOneToOne: false;
            referencedRelation: "chapters";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "course_part_regenerations_chunk_id_fkey";
            columns: ["chunk_id"];
            isOneToOne: false;
            referencedRelation: "source_chunks";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "course_part_regenerations_requested_by_fkey";
            columns: ["requested_by"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "course_part_regenerations_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      courses: {
        Row: {
          created_at: string;
          created_by: string | null;
          generator: string | null;
          id: string;
          published_at: string | null;
          title: string;
          topic_id: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          generator?: string | null;
          id?: string;
          published_at?: string | null;
          title: string;
          topic_id: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          generator?: string | null;
          id?: string;
          published_at?: string | null;
          title?: string;
          topic_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "courses_created_by_fkey";
            columns: ["created_by"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "courses_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      entity_llm_settings: {
        Row: {
          api_key_secret_id: string | null;
          base_url: string;
          cost_per_1k_input: number | null;
          cost_per_1k_output: number | null;
          created_at: string;
          entity_id: string;
          has_api_key: boolean | null;
          model: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          api_key_secret_id?: string | null;
          base_url: string;
          cost_per_1k_input?: number | null;
          cost_per_1k_output?: number | null;
          created_at?: string;
          entity_id: string;
          has_api_key?: never;
          model: string;
          updated_at?: string;
        };
        Update: {
          api_key_secret_id?: string | null;
          base_url?: string;
          cost_per_1k_input?: number | null;
          cost_per_1k_output?: number | null;
          created_at?: string;
          entity_id?: string;
          has_api_key?: never;
          model?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "entity_llm_settings_entity_id_fkey";
            columns: ["entity_id"];
            isOneToOne: true;
            referencedRelation: "core_entities";
            referencedColumns: ["id"];
          },
        ];
      };
      episode_audio: {
        Row: {
          activity_id: string;
          created_at: string;
          duration_seconds: number;
          object_path: string;
          script_hash: string | null;
          turn_starts: number[];
          updated_at: string;
          voices: string[];
        };
        ComputedFields: never;
        Insert: {
          activity_id: string;
          created_at?: string;
          duration_seconds: number;
          object_path: string;
          script_hash?: string | null;
          turn_starts: number[];
          updated_at?: string;
          voices: string[];
        };
        Update: {
          activity_id?: string;
          created_at?: string;
          duration_seconds?: number;
          object_path?: string;
          script_hash?: string | null;
          turn_starts?: number[];
          updated_at?: string;
          voices?: string[];
        };
        Relationships: [
          {
            foreignKeyName: "episode_audio_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: true;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
        ];
      };
      favorites: {
        Row: {
          created_at: string;
          topic_id: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          topic_id: string;
          user_id?: string;
        };
        Update: {
          created_at?: string;
          topic_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "favorites_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "favorites_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      generation_requests: {
        Row: {
          created_at: string;
          id: string;
          run_id: string | null;
          task: string;
          topic_id: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          run_id?: string | null;
          task: string;
          topic_id: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          run_id?: string | null;
          task?: string;
          topic_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "generation_requests_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "generation_requests_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      generation_usage: {
        Row: {
          calls: number;
          cost_usd: number;
          created_at: string;
          entity_id: string;
          generator: string;
          id: string;
          input_tokens: number;
          model_source: string;
          output_tokens: number;
          task: string;
          topic_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          calls?: number;
          cost_usd?: number;
          created_at?: string;
          entity_id: string;
          generator: string;
          id?: string;
          input_tokens?: number;
          model_source: string;
          output_tokens?: number;
          task: string;
          topic_id?: string | null;
        };
        Update: {
          calls?: number;
          cost_usd?: number;
          created_at?: string;
          entity_id?: string;
          generator?: string;
          id?: string;
          input_tokens?: number;
          model_source?: string;
          output_tokens?: number;
          task?: string;
          topic_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "generation_usage_entity_id_fkey";
            columns: ["entity_id"];
            isOneToOne: false;
            referencedRelation: "core_entities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "generation_usage_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      modules: {
        Row: {
          created_at: string;
          created_by: string | null;
          description: string | null;
          entity_id: string;
          id: string;
          title: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          description?: string | null;
          entity_id: string;
          id?: string;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          description?: string | null;
          entity_id?: string;
          id?: string;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "modules_created_by_fkey";
            columns: ["created_by"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "modules_entity_id_fkey";
            columns: ["entity_id"];
            isOneToOne: false;
            referencedRelation: "core_entities";
            referencedColumns: ["id"];
          },
        ];
      };
      practice_card_states: {
        Row: {
          activity_id: string;
          card: NonNullable<Json>;
          card_id: string;
          created_at: string;
          due_at: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          activity_id: string;
          card: NonNullable<Json>;
          card_id: string;
          created_at?: string;
          due_at: string;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          activity_id?: string;
          card?: NonNullable<Json>;
          card_id?: string;
          created_at?: string;
          due_at?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "practice_card_states_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: false;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "practice_card_states_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      profiles: {
        Row: {
          created_at: string;
          display_name: string | null;
          email: string | null;
          id: string;
          preferences: NonNullable<Json>;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          display_name?: string | null;
          email?: string | null;
          id: string;
          preferences?: NonNullable<Json>;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          display_name?: string | null;
          email?: string | null;
          id?: string;
          preferences?: NonNullable<Json>;
          updated_at?: string;
        };
        Relationships: [];
      };
      quiz_attempts: {
        Row: {
          answers: NonNullable<Json>;
          created_at: string;
          id: string;
          score: number;
          topic_id: string;
          total: number;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          answers: NonNullable<Json>;
          created_at?: string;
          id?: string;
          score: number;
          topic_id: string;
          total: number;
          user_id?: string;
        };
        Update: {
          answers?: NonNullable<Json>;
          created_at?: string;
          id?: string;
          score?: number;
          topic_id?: string;
          total?: number;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "quiz_attempts_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "quiz_attempts_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      source_chunks: {
        Row: {
          content: string;
          created_at: string;
          file_name: string | null;
          file_path: string | null;
          id: string;
          layout: Json | null;
          line_end: number;
          line_start: number;
          page_number: number | null;
          source_id: string;
          topic_id: string;
        };
        ComputedFields: never;
        Insert: {
          content: string;
          created_at?: string;
          file_name?: string | null;
          file_path?: string | null;
          id?: string;
          layout?: Json | null;
          line_end: number;
          line_start: number;
          page_number?: number | null;
          source_id: string;
          topic_id: string;
        };
        Update: {
          content?: string;
          created_at?: string;
          file_name?: string | null;
          file_path?: string | null;
          id?: string;
          layout?: Json | null;
          line_end?: number;
          line_start?: number;
          page_number?: number | null;
          source_id?: string;
          topic_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "source_chunks_source_fkey";
            columns: ["source_id", "topic_id"];
            isOneToOne: false;
            referencedRelation: "topic_sources";
            referencedColumns: ["id", "topic_id"];
          },
          {
            foreignKeyName: "source_chunks_topic_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      stale_activities: {
        Row: {
          activity_id: string;
          citations_changed: boolean;
          item_ids: string[];
          marked_at: string;
          topic_id: string;
        };
        ComputedFields: never;
        Insert: {
          activity_id: string;
          citations_changed?: boolean;
          item_ids?: string[];
          marked_at?: string;
          topic_id: string;
        };
        Update: {
          activity_id?: string;
          citations_changed?: boolean;
          item_ids?: string[];
          marked_at?: string;
          topic_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "stale_activities_activity_id_fkey";
            columns: ["activity_id"];
            isOneToOne: true;
            referencedRelation: "activities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "stale_activities_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      subjects: {
        Row: {
          created_at: string;
          id: string;
          title: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      topic_sources: {
        Row: {
          created_at: string;
          created_by: string | null;
          error: string | null;
          file_name: string | null;
          file_path: string | null;
          id: string;
          kind: string;
          mime_type: string | null;
          ocr_low_confidence_pages: number[];
          ocr_pages: number[];
          pasted_text: string | null;
          source_url: string | null;
          status: string;
          topic_id: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          error?: string | null;
          file_name?: string | null;
          file_path?: string | null;
          id?: string;
          kind: string;
          mime_type?: string | null;
          ocr_low_confidence_pages?: number[];
          ocr_pages?: number[];
          pasted_text?: string | null;
          source_url?: string | null;
          status?: string;
          topic_id: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          error?: string | null;
          file_name?: string | null;
          file_path?: string | null;
          id?: string;
          kind?: string;
          mime_type?: string | null;
          ocr_low_confidence_pages?: number[];
          ocr_pages?: number[];
          pasted_text?: string | null;
          source_url?: string | null;
          status?: string;
          topic_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "topic_sources_created_by_fkey";
            columns: ["created_by"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "topic_sources_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
        ];
      };
      topic_subscriptions: {
        Row: {
          created_at: string;
          entity_id: string | null;
          entity_kind: string | null;
          id: string;
          topic_id: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          entity_id?: string | null;
          entity_kind?: string | null;
          id?: string;
          topic_id: string;
          user_id?: string;
        };
        Update: {
          created_at?: string;
          entity_id?: string | null;
          entity_kind?: string | null;
          id?: string;
          topic_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "topic_subscriptions_entity_fkey";
            columns: ["entity_id", "entity_kind"];
            isOneToOne: false;
            referencedRelation: "core_entities";
            referencedColumns: ["id", "kind"];
          },
          {
            foreignKeyName: "topic_subscriptions_topic_id_fkey";
            columns: ["topic_id"];
            isOneToOne: false;
            referencedRelation: "topics";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "topic_subscriptions_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      topics: {
        Row: {
          created_at: string;
          created_by: string | null;
          description: string | null;
          entity_id: string;
          id: string;
          level: string | null;
          module_id: string | null;
          processing_error: string | null;
          processing_progress: number;
          processing_status: string | null;
          structure: Json | null;
          structure_generator: string | null;
          structure_variant: number;
          subject_id: string | null;
          suggested_metadata: Json | null;
          thumbnail_image_url: string | null;
          title: string;
          updated_at: string;
          visibility: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          description?: string | null;
          entity_id: string;
          id?: string;
          level?: string | null;
          module_id?: string | null;
          processing_error?: string | null;
          processing_progress?: number;
          processing_status?: string | null;
          structure?: Json | null;
          structure_generator?: string | null;
          structure_variant?: number;
          subject_id?: string | null;
          suggested_metadata?: Json | null;
          thumbnail_image_url?: string | null;
          title: string;
          updated_at?: string;
          visibility?: string;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          description?: string | null;
          entity_id?: string;
          id?: string;
          level?: string | null;
          module_id?: string | null;
          processing_error?: string | null;
          processing_progress?: number;
          processing_status?: string | null;
          structure?: Json | null;
          structure_generator?: string | null;
          structure_variant?: number;
          subject_id?: string | null;
          suggested_metadata?: Json | null;
          thumbnail_image_url?: string | null;
          title?: string;
          updated_at?: string;
          visibility?: string;
        };
        Relationships: [
          {
            foreignKeyName: "topics_created_by_fkey";
            columns: ["created_by"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "topics_entity_id_fkey";
            columns: ["entity_id"];
            isOneToOne: false;
            referencedRelation: "core_entities";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "topics_module_in_same_entity";
            columns: ["module_id", "entity_id"];
            isOneToOne: false;
            referencedRelation: "modules";
            referencedColumns: ["id", "entity_id"];
          },
          {
            foreignKeyName: "topics_subject_id_fkey";
            columns: ["subject_id"];
            isOneToOne: false;
            referencedRelation: "subjects";
            referencedColumns: ["id"];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      accept_invitation: { Args: { p_membership_id: string }; Returns: string };
      accept_structure: { Args: { p_structure?: Json; p_topic_id: string }; Returns: undefined };
      apply_chapter_regeneration: { Args: { p_chapter: Json; p_request_id: string }; Returns: Json };
      apply_coverage_items: {
        Args: { p_cards: Json; p_questions: Json; p_request_id: string };
        Returns: Json;
      };
      apply_item_regeneration: { Args: { p_question: Json; p_request_id: string }; Returns: Json };
      ask_passages: {
        Args: { p_limit?: number; p_query: string; p_topic_id: string };
        Returns: {
          chunk_id: string;
          line_number: number;
          rank: number;
        }[];
      };
      ask_question: { Args: { p_question: string; p_topic_id: string }; Returns: string };
      can_manage_topic: { Args: { p_topic_id: string }; Returns: boolean };
      change_member_role: { Args: { p_membership_id: string; p_role: string }; Returns: undefined };
      claim_course_generation: { Args: { p_topic_id: string }; Returns: string };
      claim_episode_audio_render: { Args: { p_activity_id: string }; Returns: string };
      class_item_analysis: {
        Args: { p_topic_id: string };
        Returns: {
          activity_id: string;
          attempts: number;
          chapter_id: string;
          chapter_position: number;
          chapter_title: string;
          check_attempts: number;
          discrimination: number;
          flags: string[];
          kind: string;
          options: Json;
          question_id: string;
          question_position: number;
          quiz_attempts: number;
          share_correct: number;
          stem: string;
          subtopic_id: string;
        }[];
      };
      class_source_coverage: {
        Args: { p_topic_id: string };
        Returns: {
          body_lines: number;
          chapter_id: string;
          chapter_title: string;
          chunk_id: string;
          excerpt: string;
          file_name: string;
          file_path: string;
          line_end: number;
          line_start: number;
          page_number: number;
          source_id: string;
          source_url: string;
          tested_lines: number;
        }[];
      };
      class_subtopic_learners: {
        Args: { p_chapter_id: string; p_stuck_days?: number; p_subtopic_id?: string; p_topic_id: string };
        Returns: {
          display_name: string;
          email: string;
          excused: boolean;
          failed: boolean;
          last_progress_at: string;
          passed: boolean;
          stuck: boolean;
          user_id: string;
        }[];
      };
      class_topic_progress: {
        Args: { p_stuck_days?: number; p_topic_id: string };
        Returns: {
          chapter_id: string;
          chapter_position: number;
          chapter_title: string;
          excused: number;
          failed: number;
          passed: number;
          started: number;
          stuck: number;
          subtopic_id: string;
          subtopic_title: string;
        }[];
      };
      course_regeneration_learners: { Args: { p_topic_id: string }; Returns: number };
      create_entity: { Args: { p_kind?: string; p_name: string }; Returns: string };
      delete_topic: { Args: { p_topic_id: string }; Returns: undefined };
      disconnect_entity_llm: { Args: { p_entity_id: string }; Returns: boolean };
      due_practice_cards: {
        Args: Record<PropertyKey, never>;
        Returns: {
          activity_id: string;
          card: Json;
          card_id: string;
          chapter_id: string;
          chapter_title: string;
          content: Json;
          due_at: string;
          topic_id: string;
          topic_title: string;
        }[];
      };
      entity_generation_usage: {
        Args: { p_days?: number; p_entity_id: string };
        Returns: {
          calls: number;
          cost_usd: number;
          generator: string;
          input_tokens: number;
          model_source: string;
          output_tokens: number;
          runs: number;
        }[];
      };
      entity_has_language_model: { Args: { p_entity_id: string }; Returns: boolean };
      entity_llm_credentials: {
        Args: { p_entity_id: string };
        Returns: {
          api_key: string;
          base_url: string;
          cost_per_1k_input: number;
          cost_per_1k_output: number;
          model: string;
        }[];
      };
      fail_stalled_structure: {
        Args: { p_message: string; p_run_id: string; p_topic_id: string };
        Returns: boolean;
      };
      forget_orphaned_files: { Args: { p_bucket_id: string; p_object_names: string[] }; Returns: number };
      get_microlearning_outline: { Args: { p_topic_id: string }; Returns: Json };
      get_user_memberships: {
        Args: { p_auth_user_id: string };
        Returns: {
          entity_id: string;
          entity_kind: string;
          entity_name: string;
          member_role: string;
          membership_id: string;
          status: string;
        }[];
      };
      invitation_mail: {
        Args: { p_membership_id: string };
        Returns: {
          entity_name: string;
          invited_email: string;
          inviter_name: string;
          member_role: string;
          status: string;
        }[];
      };
      invite_member: { Args: { p_email: string; p_entity_id: string; p_role?: string }; Returns: string };
      item_flag_thresholds: {
        Args: Record<PropertyKey, never>;
        Returns: {
          flag: string;
          min_attempts: number;
          threshold: number;
        }[];
      };
      move_topic: { Args: { p_module_id: string; p_topic_id: string }; Returns: undefined };
      orphaned_files: {
        Args: { p_limit?: number };
        Returns: {
          bucket_id: string;
          object_name: string;
        }[];
      };
      publish_course_draft: { Args: { p_course_id: string }; Returns: string };
      record_source_changes: { Args: { p_relinks: Json; p_stale: Json; p_topic_id: string }; Returns: Json };
      record_structure_run: { Args: { p_run_id: string; p_topic_id: string }; Returns: undefined };
      regenerate_structure: { Args: { p_topic_id: string }; Returns: number };
      remove_abandoned_topics: { Args: { p_quiet_for: string }; Returns: string[] };
      request_chapter_regeneration: { Args: { p_chapter_id: string }; Returns: string };
      request_coverage_items: {
        Args: { p_chunk_id: string; p_line_end: number; p_line_start: number; p_topic_id: string };
        Returns: string;
      };
      request_item_regeneration: { Args: { p_activity_id: string; p_question_id: string }; Returns: string };
      save_entity_llm_settings: {
        Args: {
          p_api_key?: string;
          p_base_url: string;
          p_cost_per_1k_input?: number;
          p_cost_per_1k_output?: number;
          p_entity_id: string;
          p_model: string;
        };
        Returns: undefined;
      };
      save_generated_course: {
        Args: {
          p_chapters: Json;
          p_created_by: string;
          p_publish: boolean;
          p_title: string;
          p_topic_id: string;
        };
        Returns: string;
      };
      seed_practice_card_states: { Args: { p_activity_id: string; p_states: Json }; Returns: number };
      stalled_structure_candidates: {
        Args: Record<PropertyKey, never>;
        Returns: {
          last_change_at: string;
          requested_at: string;
          run_id: string;
          topic_id: string;
        }[];
      };
      start_structure_generation: { Args: { p_topic_id: string }; Returns: boolean };
      update_topic_details: {
        Args: { p_description: string; p_title: string; p_topic_id: string };
        Returns: undefined;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
